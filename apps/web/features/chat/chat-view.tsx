"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiClientError } from "@/lib/client/api-client-error";
import { queryKeys } from "@/lib/client/query-keys";
import { useT } from "@/features/i18n";
import { usePendingInquiries } from "@/features/inbox";
import { useHubConnection, useLiveInquiries } from "@/features/live";
import { Composer } from "./composer";
import { ConversationList } from "./conversation-list";
import { fetchConversation } from "./conversations-client";
import { MessageList } from "./message-list";
import { conversationItems } from "./turn-items";
import { useChat } from "./use-chat";
import { PhoneChatBar } from "./phone-chat-bar";
import { YoloBanner } from "./yolo-banner";

export interface ChatViewProps {
  /** Seconds the client waits before answering a question `timeout` (from `?inquiryTimeout`). */
  inquiryTimeout?: number | undefined;
  /** Always ask in this chat, even while YOLO is on (from `?yolo=0`). */
  alwaysAsk?: boolean | undefined;
}

const ConversationParamSchema = z.uuid();

function isGone(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 404;
}

/**
 * The chat page: the conversation list, the open conversation (`?c=<id>`, so a reload
 * reopens it) and the composer. The tab is a device too: an inline question closes when its
 * stream says so or when the hub withdraws it (another device answered), whichever comes
 * first; answers go over the tab's socket. A conversation deleted (here or elsewhere) while
 * open leaves to a new chat. While YOLO is on, a banner above the conversation says so. The
 * conversation list is a sidebar on desks and a sheet on phones; the chat column keeps its
 * width whatever the titles.
 */
export function ChatView({ inquiryTimeout, alwaysAsk = false }: ChatViewProps) {
  const t = useT();
  const router = useRouter();
  const searchParams = useSearchParams();
  const queryClient = useQueryClient();
  const parsedId = ConversationParamSchema.safeParse(searchParams.get("c"));
  const conversationId = parsedId.success ? parsedId.data : undefined;

  const openConversation = useCallback(
    (id: string | undefined) => {
      const params = new URLSearchParams(searchParams.toString());
      if (id === undefined) params.delete("c");
      else params.set("c", id);
      const query = params.toString();
      router.replace(query === "" ? "/chat" : `/chat?${query}`, { scroll: false });
    },
    [router, searchParams],
  );

  const conversationQuery = useQuery({
    queryKey: queryKeys.conversation(conversationId ?? ""),
    queryFn: () => fetchConversation(conversationId ?? ""),
    enabled: conversationId !== undefined,
    retry: (failures, error) => !isGone(error) && failures < 3,
  });
  const conversation = conversationId === undefined ? undefined : conversationQuery.data;
  const gone = conversationId !== undefined && isGone(conversationQuery.error);
  useEffect(() => {
    if (gone) openConversation(undefined);
  }, [gone, openConversation]);

  const { state, busy, send, stop, settleInquiry, withdrawInquiry } = useChat({
    conversationId,
    conversation,
    inquiryTimeout,
    alwaysAsk,
    onConversationStarted: openConversation,
  });
  const { connected, connectCount, answer } = useHubConnection();
  const { withdrawnNotes } = useLiveInquiries();
  const pending = usePendingInquiries(connected);
  const pendingIds = useMemo(
    () => (pending.data === undefined ? undefined : new Set(pending.data.map(({ id }) => id))),
    [pending.data],
  );
  const pendingExpiry = useMemo(
    () => new Map((pending.data ?? []).map(({ id, expiresAt }) => [id, expiresAt])),
    [pending.data],
  );
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (connectCount > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
  }, [connectCount, queryClient]);

  useEffect(() => {
    for (const item of state.items) {
      if (item.kind !== "inquiry" || item.closedBy === "card" || item.closedBy === "hub") continue;
      const note = withdrawnNotes.get(item.inquiry.inquiryId);
      if (note !== undefined) withdrawInquiry(item.inquiry.inquiryId, note);
    }
  }, [state.items, withdrawInquiry, withdrawnNotes]);

  const items = useMemo(
    () => conversationItems(conversation?.turns ?? [], state),
    [conversation, state],
  );

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [items]);

  return (
    <main className="flex w-full min-w-0 flex-1">
      <h1 className="sr-only">{t("nav.chat")}</h1>
      <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-64 shrink-0 overflow-y-auto border-r p-3 sm:block">
        <ConversationList openId={conversationId} onOpen={openConversation} />
      </aside>
      <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-1 flex-col px-3 sm:px-6">
        <PhoneChatBar
          openId={conversationId}
          onOpen={openConversation}
          title={conversation?.title}
        />
        <YoloBanner alwaysAsk={alwaysAsk} />
        <MessageList
          items={items}
          connection={state.connection}
          pendingIds={pendingIds}
          pendingExpiry={pendingExpiry}
          working={busy}
          onAnswer={answer}
          onInquirySettled={settleInquiry}
        />
        <div ref={endRef} />
        <Composer busy={busy} onSend={send} onStop={stop} />
      </div>
    </main>
  );
}
