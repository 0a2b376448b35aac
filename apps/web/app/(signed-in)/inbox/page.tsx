import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { InboxView } from "@/features/inbox/inbox-view";
import { readToken } from "@/lib/session";

export const metadata: Metadata = { title: "Inbox · Inquiry Hub" };

export default async function InboxPage() {
  if ((await readToken()) === undefined) redirect("/login");
  return <InboxView />;
}
