import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DevicesView } from "@/features/devices";
import { readEnv } from "@/lib/env";
import { readToken } from "@/lib/server/session";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.devices") };
}

/** Devices; the pairing link names PUBLIC_URL when set, so a phone can reach it. */
export default async function DevicesPage() {
  if ((await readToken()) === undefined) redirect("/login");
  return <DevicesView publicOrigin={readEnv().PUBLIC_URL} />;
}
