import type { Metadata } from "next";
import { HistoryDetailView } from "@/features/history/history-detail-view";

export const metadata: Metadata = { title: "Inquiry · History · Inquiry Hub" };

export default async function HistoryDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <HistoryDetailView id={id} />;
}
