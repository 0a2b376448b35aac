"use client";

import type { AnswerBody } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import type { AnswerOutcome } from "@/features/live";
import { ClosedInquiryCard } from "./closed-inquiry-card";
import { STALE_NOTE } from "@/features/live";
import { PendingQuestionCard } from "@/features/approval";
import { cardAvailability } from "./card-availability";
import type { ChatItem, RunConnection } from "./chat-state";
import { HeldInquiryCard } from "./held-inquiry-card";
import { StoredInquiryCard } from "./stored-inquiry-card";

export interface MessageListProps {
  items: readonly ChatItem[];
  /** The followed run's stream: `live` while read, `reconnecting` while lost. */
  connection: RunConnection;
  /** The hub's pending inquiry ids, undefined until known. */
  pendingIds: ReadonlySet<string> | undefined;
  /** The hub's current `expiresAt` of each pending inquiry: an Extend moves it past the stream's. */
  pendingExpiry: ReadonlyMap<string, string>;
  /** A message is on its way or a run is going. */
  working: boolean;
  onAnswer: (inquiryId: string, body: AnswerBody) => Promise<AnswerOutcome>;
  onInquirySettled: (inquiryId: string, note: Message) => void;
}

type ItemProps = Pick<
  MessageListProps,
  "connection" | "pendingIds" | "pendingExpiry" | "onAnswer" | "onInquirySettled"
>;

function LiveInquiry({
  item,
  connection,
  pendingIds,
  pendingExpiry,
  onAnswer,
  onInquirySettled,
}: ItemProps & { item: Extract<ChatItem, { kind: "inquiry" }> }) {
  switch (cardAvailability(item, connection, pendingIds)) {
    case "open":
      return (
        <PendingQuestionCard
          inquiry={{
            ...item.inquiry,
            expiresAt: pendingExpiry.get(item.inquiry.inquiryId) ?? item.inquiry.expiresAt,
          }}
          onAnswer={(body) => onAnswer(item.inquiry.inquiryId, body)}
          onClose={(note) => onInquirySettled(item.inquiry.inquiryId, note)}
        />
      );
    case "held":
      return <HeldInquiryCard inquiry={item.inquiry} />;
    case "stale":
      return <ClosedInquiryCard inquiry={item.inquiry} note={STALE_NOTE} />;
    case "closed":
      return <ClosedInquiryCard inquiry={item.inquiry} note={item.closedNote ?? STALE_NOTE} />;
  }
}

function ChatEntry({ item, ...props }: ItemProps & { item: ChatItem }) {
  const t = useT();
  switch (item.kind) {
    case "user":
      return (
        <div
          className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-accent px-3.5 py-2 break-words whitespace-pre-wrap text-accent-foreground"
          data-testid="user-message"
          dir="auto"
        >
          {item.text}
        </div>
      );
    case "assistant":
      return (
        <div
          className="max-w-full rounded-2xl rounded-bl-sm border bg-card px-3.5 py-2 break-words whitespace-pre-wrap text-card-foreground"
          data-testid="assistant-message"
          dir="auto"
        >
          {item.text}
        </div>
      );
    case "inquiry":
      return <LiveInquiry item={item} {...props} />;
    case "stored-inquiry":
      return <StoredInquiryCard inquiryId={item.inquiryId} />;
    case "error":
      return (
        <p
          role="alert"
          className="rounded-lg bg-destructive-muted px-3 py-2 text-destructive-muted-foreground"
          data-testid="error-message"
        >
          {item.message}
        </p>
      );
    case "stopped":
      return <p className="text-sm text-muted-foreground">{t("chat.stopped")}</p>;
  }
}

/** The conversation, oldest first, with question cards inline where the agent asked. */
export function MessageList({ items, working, ...props }: MessageListProps) {
  const t = useT();
  return (
    <section className="min-w-0 flex-1 py-4" aria-label={t("chat.conversation")}>
      {items.length === 0 && <p className="text-muted-foreground">{t("chat.empty")}</p>}
      <ol className="flex min-w-0 flex-col gap-3">
        {items.map((item) => (
          <li key={item.key} className="min-w-0">
            <ChatEntry item={item} {...props} />
          </li>
        ))}
      </ol>
      {working && (
        <p className="mt-3 text-sm text-muted-foreground" role="status">
          {t(props.connection === "reconnecting" ? "chat.reconnecting" : "chat.working")}
        </p>
      )}
    </section>
  );
}
