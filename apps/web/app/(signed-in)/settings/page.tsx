import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ReachSettingsView } from "@/features/settings";
import { readToken } from "@/lib/server/session";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.settings") };
}

/** Settings: how questions reach the person, quiet hours and the daily digest. */
export default async function SettingsPage() {
  if ((await readToken()) === undefined) redirect("/login");
  return <ReachSettingsView />;
}
