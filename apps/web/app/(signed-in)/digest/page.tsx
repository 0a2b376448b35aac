import type { Metadata } from "next";
import { DigestView } from "@/features/digest";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("digest.title") };
}

export default async function DigestPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Checked in the view, which knows the browser's calendar and so which days have begun.
  return <DigestView dayParam={(await searchParams).day} />;
}
