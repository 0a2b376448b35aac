import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DevicesView } from "@/features/devices/devices-view";
import { readToken } from "@/lib/session";

export const metadata: Metadata = { title: "Devices · Inquiry Hub" };

export default async function DevicesPage() {
  if ((await readToken()) === undefined) redirect("/login");
  return <DevicesView />;
}
