import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChatView } from "@/features/chat/chat-view";
import { parseInquiryTimeoutParam, parseYoloParam } from "@/features/chat/inquiry-timeout-param";
import { readToken } from "@/lib/session";

export const metadata: Metadata = { title: "Chat · Inquiry Hub" };

export default async function ChatPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if ((await readToken()) === undefined) redirect("/login");
  const params = await searchParams;
  return (
    <ChatView
      inquiryTimeout={parseInquiryTimeoutParam(params.inquiryTimeout)}
      yolo={parseYoloParam(params.yolo)}
    />
  );
}
