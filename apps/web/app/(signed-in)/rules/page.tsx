import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RulesView } from "@/features/rules";
import { readToken } from "@/lib/server/session";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.rules") };
}

/** Rules: the person's standing "always allow" rules, made from approval cards. */
export default async function RulesPage() {
  if ((await readToken()) === undefined) redirect("/login");
  return <RulesView />;
}
