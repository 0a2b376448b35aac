"use client";

import { useEffect, useRef } from "react";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { useChat } from "./use-chat";

export interface ChatViewProps {
  /** Seconds the client waits before answering a question `timeout` (from `?inquiryTimeout`). */
  inquiryTimeout?: number | undefined;
}

/** The chat page: the conversation and the composer. */
export function ChatView({ inquiryTimeout }: ChatViewProps) {
  const { state, streaming, send, settleInquiry } = useChat(inquiryTimeout);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [state.items]);

  return (
    <main className="chat">
      <MessageList items={state.items} streaming={streaming} onInquirySettled={settleInquiry} />
      <div ref={endRef} />
      <Composer busy={streaming} onSend={send} />
    </main>
  );
}
