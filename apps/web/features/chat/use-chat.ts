"use client";

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { describeApiError } from "@/lib/describe-api-error";
import type { Message } from "@/lib/i18n/translate";
import { useT } from "../i18n/i18n-provider";
import { INITIAL_CHAT_STATE, chatReducer, conversationOf } from "./chat-state";
import type { ChatState } from "./chat-state";
import { postChat } from "./post-chat";
import { readAgentStream } from "./read-agent-stream";

export interface UseChat {
  state: ChatState;
  streaming: boolean;
  send: (text: string) => void;
  settleInquiry: (inquiryId: string, note: Message) => void;
  /** Closes an open card because the hub withdrew its inquiry (any device resolved it). */
  withdrawInquiry: (inquiryId: string, note: Message) => void;
}

/**
 * The chat page's behaviour: sends the whole conversation, reads the agent's stream into
 * the reducer, and closes every open question when the stream ends or breaks. Leaving the
 * page aborts the request, which aborts the agent run upstream.
 */
export function useChat(inquiryTimeout: number | undefined, alwaysAsk = false): UseChat {
  const t = useT();
  const [state, dispatch] = useReducer(chatReducer, INITIAL_CHAT_STATE);
  const [streaming, setStreaming] = useState(false);
  const controllerRef = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (messages: ReturnType<typeof conversationOf>) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setStreaming(true);
      try {
        const body = await postChat({ messages, inquiryTimeout, alwaysAsk }, controller.signal);
        for await (const event of readAgentStream(body)) dispatch({ type: "stream_event", event });
      } catch (error) {
        if (!controller.signal.aborted) {
          dispatch({
            type: "failed",
            message: describeApiError(error, t, "chat.broken", {
              unreachable: "chat.broken",
              failed: "chat.failed",
              unauthorized: "chat.sessionEnded",
            }),
          });
        }
      } finally {
        dispatch({ type: "stream_ended" });
        if (controllerRef.current === controller) controllerRef.current = undefined;
        setStreaming(false);
      }
    },
    [alwaysAsk, inquiryTimeout, t],
  );

  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (trimmed === "" || controllerRef.current !== undefined) return;
      const messages = [
        ...conversationOf(state.items),
        { role: "user" as const, content: trimmed },
      ];
      dispatch({ type: "user_sent", text: trimmed });
      void run(messages);
    },
    [run, state.items],
  );

  const settleInquiry = useCallback(
    (inquiryId: string, note: Message) => dispatch({ type: "inquiry_settled", inquiryId, note }),
    [],
  );

  const withdrawInquiry = useCallback(
    (inquiryId: string, note: Message) => dispatch({ type: "inquiry_withdrawn", inquiryId, note }),
    [],
  );

  return { state, streaming, send, settleInquiry, withdrawInquiry };
}
