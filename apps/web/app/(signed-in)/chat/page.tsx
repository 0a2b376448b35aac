import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AppHeader } from "@/features/auth/app-header";
import { ChatView } from "@/features/chat/chat-view";
import { parseInquiryTimeoutParam } from "@/features/chat/inquiry-timeout-param";
import { readToken, readUser } from "@/lib/session";

export const metadata: Metadata = { title: "Chat · Inquiry Hub" };

export default async function ChatPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if ((await readToken()) === undefined) redirect("/login");
  const [user, params] = await Promise.all([readUser(), searchParams]);
  return (
    <div className="page">
      <AppHeader username={user?.username} />
      <ChatView inquiryTimeout={parseInquiryTimeoutParam(params.inquiryTimeout)} />
    </div>
  );
}
