import type { Metadata } from "next";
import { HistoryView } from "@/features/history";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.history") };
}

export default function HistoryPage() {
  return <HistoryView />;
}
