"use client";

import { useId, useState } from "react";
import type { ConversationSummary } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";

export interface ConversationRowProps {
  conversation: ConversationSummary;
  open: boolean;
  onOpen: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
}

/** One conversation of the list: open it, rename it in place, or delete it after a confirm. */
export function ConversationRow({
  conversation,
  open,
  onOpen,
  onRename,
  onDelete,
}: ConversationRowProps) {
  const t = useT();
  const [mode, setMode] = useState<"idle" | "renaming" | "confirmingDelete">("idle");
  const [title, setTitle] = useState(conversation.title);
  const inputId = useId();
  const name = conversation.title === "" ? t("chat.untitled") : conversation.title;

  if (mode === "renaming")
    return (
      <form
        className="conversation-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (title.trim() !== "") onRename(title.trim());
          setMode("idle");
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t("chat.title")}
        </label>
        <input
          id={inputId}
          value={title}
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit">{t("chat.save")}</button>
        <button type="button" onClick={() => setMode("idle")}>
          {t("chat.keep")}
        </button>
      </form>
    );

  return (
    <div className="conversation-row" data-testid="conversation-row">
      <button
        type="button"
        className="conversation-row__open"
        aria-current={open ? "page" : undefined}
        onClick={onOpen}
        dir="auto"
      >
        {name}
        {conversation.running && (
          <span className="conversation-row__status"> · {t("chat.running")}</span>
        )}
      </button>
      {mode === "confirmingDelete" ? (
        <>
          <button type="button" onClick={onDelete}>
            {t("chat.deleteConfirm")}
          </button>
          <button type="button" onClick={() => setMode("idle")}>
            {t("chat.keep")}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            aria-label={t("chat.renameNamed", { title: name })}
            onClick={() => {
              setTitle(conversation.title);
              setMode("renaming");
            }}
          >
            {t("chat.rename")}
          </button>
          <button
            type="button"
            aria-label={t("chat.deleteNamed", { title: name })}
            onClick={() => setMode("confirmingDelete")}
          >
            {t("chat.delete")}
          </button>
        </>
      )}
    </div>
  );
}
