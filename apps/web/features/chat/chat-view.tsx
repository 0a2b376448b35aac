"use client";

import { useEffect, useRef } from "react";
import { useT } from "../i18n/i18n-provider";
import { useHubConnection, useLiveInquiries } from "../live/live-context";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { useChat } from "./use-chat";
import { YoloBanner } from "./yolo-banner";
import "./chat.css";

export interface ChatViewProps {
  /** Seconds the client waits before answering a question `timeout` (from `?inquiryTimeout`). */
  inquiryTimeout?: number | undefined;
  /** Always ask in this chat, even while YOLO is on (from `?yolo=0`). */
  alwaysAsk?: boolean | undefined;
}

/**
 * The chat page: the conversation and the composer. The tab is a device too: an inline
 * question closes when its stream says so or when the hub withdraws it (another device
 * answered), whichever comes first; answers go over the tab's socket. While YOLO is on, a
 * banner above the conversation says so.
 */
export function ChatView({ inquiryTimeout, alwaysAsk = false }: ChatViewProps) {
  const { state, streaming, send, settleInquiry, withdrawInquiry } = useChat(
    inquiryTimeout,
    alwaysAsk,
  );
  const { answer } = useHubConnection();
  const { withdrawnNotes } = useLiveInquiries();
  const endRef = useRef<HTMLDivElement>(null);
  const t = useT();

  useEffect(() => {
    for (const item of state.items) {
      if (item.kind !== "inquiry" || item.closedBy === "card" || item.closedBy === "hub") continue;
      const note = withdrawnNotes.get(item.inquiry.inquiryId);
      if (note !== undefined) withdrawInquiry(item.inquiry.inquiryId, note);
    }
  }, [state.items, withdrawInquiry, withdrawnNotes]);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [state.items]);

  return (
    <main className="chat">
      <h1 className="visually-hidden">{t("nav.chat")}</h1>
      <YoloBanner alwaysAsk={alwaysAsk} />
      <MessageList
        items={state.items}
        streaming={streaming}
        onAnswer={answer}
        onInquirySettled={settleInquiry}
      />
      <div ref={endRef} />
      <Composer busy={streaming} onSend={send} />
    </main>
  );
}
