import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChatView, parseAlwaysAskParam, parseInquiryTimeoutParam } from "@/features/chat";
import { readToken } from "@/lib/server/session";
import { serverTranslator } from "@/lib/server/server-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslator())("title.chat") };
}

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
      alwaysAsk={parseAlwaysAskParam(params.yolo)}
    />
  );
}
