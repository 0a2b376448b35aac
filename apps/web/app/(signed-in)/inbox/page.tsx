import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { InboxView } from "@/features/inbox";
import { readToken } from "@/lib/server/session";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.inbox") };
}

export default async function InboxPage() {
  if ((await readToken()) === undefined) redirect("/login");
  return <InboxView />;
}
