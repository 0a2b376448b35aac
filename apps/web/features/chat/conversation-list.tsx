"use client";

import { useT } from "@/features/i18n";
import { ConversationRow } from "./conversation-row";
import { useConversations } from "./use-conversations";
import "./conversations.css";

export interface ConversationListProps {
  /** The open conversation, undefined for a new chat. */
  openId: string | undefined;
  /** Opens a conversation, or a new chat with undefined. */
  onOpen: (conversationId: string | undefined) => void;
}

/** The person's conversations, newest first, and New chat; deleting the open one leaves it. */
export function ConversationList({ openId, onOpen }: ConversationListProps) {
  const t = useT();
  const { list, rename, remove } = useConversations();
  return (
    <nav className="conversation-list" aria-label={t("chat.conversations")}>
      <button type="button" onClick={() => onOpen(undefined)}>
        {t("chat.new")}
      </button>
      {list.isError && <p className="error">{t("common.unreachable")}</p>}
      <ul>
        {(list.data ?? []).map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              conversation={conversation}
              open={conversation.id === openId}
              onOpen={() => onOpen(conversation.id)}
              onRename={(title) => rename.mutate({ id: conversation.id, title })}
              onDelete={() => {
                remove.mutate(conversation.id);
                if (conversation.id === openId) onOpen(undefined);
              }}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
