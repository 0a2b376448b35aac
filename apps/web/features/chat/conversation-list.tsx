"use client";

import { Plus } from "lucide-react";
import { useT } from "@/features/i18n";
import { Button } from "@/lib/ui/button";
import { ConversationRow } from "./conversation-row";
import { useConversations } from "./use-conversations";

export interface ConversationListProps {
  /** The open conversation, undefined for a new chat. */
  openId: string | undefined;
  /** Opens a conversation, or a new chat with undefined. */
  onOpen: (conversationId: string | undefined) => void;
}

/**
 * The person's conversations, newest first, under New chat; deleting the open one leaves it.
 * The desk shows it as a sidebar, the phone in a sheet of its own.
 */
export function ConversationList({ openId, onOpen }: ConversationListProps) {
  const t = useT();
  const { list, rename, remove } = useConversations();
  return (
    <nav className="flex min-w-0 flex-col gap-3" aria-label={t("chat.conversations")}>
      <Button
        variant="secondary"
        className="min-h-11 justify-start sm:min-h-10"
        onClick={() => onOpen(undefined)}
      >
        <Plus aria-hidden />
        {t("chat.new")}
      </Button>
      {list.isError && (
        <p className="rounded-md bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground">
          {t("common.unreachable")}
        </p>
      )}
      <ul className="flex min-w-0 flex-col gap-0.5">
        {(list.data ?? []).map((conversation) => (
          <li key={conversation.id} className="min-w-0">
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
