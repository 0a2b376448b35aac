"use client";

import { useEffect, useRef } from "react";
import { useHubSocket } from "../devices/hub-socket-provider";
import { useT } from "../i18n/i18n-provider";
import { withdrawnNote } from "../inquiry/withdrawn-note";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { useChat } from "./use-chat";
import { YoloBanner } from "./yolo-banner";

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
  const { withdrawn, thisDeviceId, answer } = useHubSocket();
  const endRef = useRef<HTMLDivElement>(null);
  const t = useT();

  useEffect(() => {
    for (const item of state.items) {
      if (item.kind !== "inquiry" || item.closedBy === "card" || item.closedBy === "hub") continue;
      const event = withdrawn.get(item.inquiry.inquiryId);
      if (event !== undefined) withdrawInquiry(event.inquiryId, withdrawnNote(event, thisDeviceId));
    }
  }, [state.items, thisDeviceId, withdrawInquiry, withdrawn]);

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
