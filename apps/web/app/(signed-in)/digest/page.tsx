import type { Metadata } from "next";
import { DigestView } from "@/features/digest";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("digest.title") };
}

export default function DigestPage() {
  return <DigestView />;
}
