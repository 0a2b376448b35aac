"use client";

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Conversation } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import type { Message } from "@/lib/i18n/translate";
import { queryKeys } from "@/lib/client/query-keys";
import { useT } from "@/features/i18n";
import { INITIAL_CHAT_STATE, chatReducer } from "./chat-state";
import type { ChatState } from "./chat-state";
import { keepsFollowedRun } from "./conversation-switch";
import { followRun, sleep } from "./follow-run";
import type { FollowOutcome } from "./follow-run";
import { postChat } from "./post-chat";
import { cancelRun, openRunEvents } from "./run-client";
import { isFinalTurn, runningTurnOf } from "./turn-items";

export interface UseChatOptions {
  /** The open conversation (from the URL); undefined for a new chat. */
  conversationId: string | undefined;
  /** Its stored turns, once loaded. */
  conversation: Conversation | undefined;
  inquiryTimeout: number | undefined;
  alwaysAsk: boolean;
  /** A message started a new conversation: the page opens it (puts it in the URL). */
  onConversationStarted: (conversationId: string) => void;
}

export interface UseChat {
  state: ChatState;
  /** A message is being sent or a run followed: the composer waits, Stop shows. */
  busy: boolean;
  send: (text: string) => void;
  stop: () => void;
  settleInquiry: (inquiryId: string, note: Message) => void;
  /** Closes an open card because the hub withdrew its inquiry (any device resolved it). */
  withdrawInquiry: (inquiryId: string, note: Message) => void;
}

interface Following {
  controller: AbortController;
  runId: string | undefined;
}

/**
 * The chat page's behaviour: sends a message (the server adds it to the conversation and
 * starts a background run), follows the run's stream into the reducer, re-attaches when the
 * stream drops, and attaches by itself to a conversation's running turn (after a reload, on
 * another device). Leaving the conversation only stops following; the run goes on. Stop
 * cancels the run (or, without a run API, the request the run is bound to).
 */
export function useChat(options: UseChatOptions): UseChat {
  const { conversationId, conversation, inquiryTimeout, alwaysAsk, onConversationStarted } =
    options;
  const t = useT();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, INITIAL_CHAT_STATE);
  const [busy, setBusy] = useState(false);
  const followingRef = useRef<Following | undefined>(undefined);
  const finishedRunsRef = useRef(new Set<string>());
  const startedConversationRef = useRef<string | undefined>(undefined);
  const conversationIdRef = useRef(conversationId);

  const describe = useCallback(
    (error: unknown) =>
      describeApiError(error, t, "chat.broken", {
        unreachable: "chat.broken",
        failed: "chat.failed",
        unauthorized: "chat.sessionEnded",
      }),
    [t],
  );

  const isTurnOver = useCallback(
    (turnId: string | undefined) => {
      const id = conversationIdRef.current ?? startedConversationRef.current;
      if (id === undefined || turnId === undefined) return false;
      const stored = queryClient.getQueryData<Conversation>(queryKeys.conversation(id));
      const turn = stored?.turns.find((candidate) => candidate.id === turnId);
      return turn !== undefined && isFinalTurn(turn);
    },
    [queryClient],
  );

  const finish = useCallback(
    (following: Following, outcome: FollowOutcome) => {
      if (outcome.kind === "done" && following.runId !== undefined)
        finishedRunsRef.current.add(following.runId);
      if (outcome.kind === "lost" && following.runId === undefined)
        dispatch({ type: "failed", message: describe(outcome.error) });
      dispatch({ type: "stream_ended" });
      if (followingRef.current === following) {
        followingRef.current = undefined;
        setBusy(false);
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
    },
    [describe, queryClient],
  );

  const follow = useCallback(
    async (
      following: Following,
      first: ReadableStream<Uint8Array> | undefined,
      turnId: string | undefined,
    ) => {
      const outcome = await followRun(first, following.runId, {
        dispatch,
        open: (runId, lastEventId) =>
          openRunEvents(runId, lastEventId, following.controller.signal),
        isOver: () => isTurnOver(turnId),
        sleep,
        signal: following.controller.signal,
      });
      if (outcome.kind !== "aborted" || followingRef.current === following)
        finish(following, outcome);
    },
    [finish, isTurnOver],
  );

  useEffect(() => {
    const previous = conversationIdRef.current;
    conversationIdRef.current = conversationId;
    if (keepsFollowedRun(previous, conversationId, startedConversationRef.current)) return;
    startedConversationRef.current = undefined;
    followingRef.current?.controller.abort();
    followingRef.current = undefined;
    setBusy(false);
    dispatch({ type: "cleared" });
  }, [conversationId]);

  useEffect(() => () => followingRef.current?.controller.abort(), []);

  useEffect(() => {
    if (conversation === undefined || followingRef.current !== undefined) return;
    const running = runningTurnOf(conversation.turns);
    if (running?.runId === undefined || finishedRunsRef.current.has(running.runId)) return;
    const following: Following = { controller: new AbortController(), runId: running.runId };
    followingRef.current = following;
    setBusy(true);
    dispatch({ type: "attached", turnId: running.id, runId: running.runId, text: running.text });
    void follow(following, undefined, running.id);
  }, [conversation, follow]);

  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (trimmed === "" || followingRef.current !== undefined) return;
      const following: Following = { controller: new AbortController(), runId: undefined };
      followingRef.current = following;
      setBusy(true);
      dispatch({ type: "sent", text: trimmed });
      void (async () => {
        try {
          const posted = await postChat(
            { conversationId, text: trimmed, inquiryTimeout, alwaysAsk },
            following.controller.signal,
          );
          following.runId = posted.runId;
          dispatch({ type: "accepted", turnId: posted.turnId, runId: posted.runId });
          if (conversationId === undefined) {
            startedConversationRef.current = posted.conversationId;
            onConversationStarted(posted.conversationId);
          }
          await follow(following, posted.body, posted.turnId);
        } catch (error) {
          if (!following.controller.signal.aborted) finish(following, { kind: "lost", error });
          else if (followingRef.current === following) finish(following, { kind: "aborted" });
        }
      })();
    },
    [alwaysAsk, conversationId, finish, follow, inquiryTimeout, onConversationStarted],
  );

  const stop = useCallback(() => {
    const following = followingRef.current;
    if (following === undefined) return;
    if (following.runId === undefined) {
      following.controller.abort();
      return;
    }
    cancelRun(following.runId).catch((error: unknown) =>
      dispatch({ type: "failed", message: describe(error) }),
    );
  }, [describe]);

  const settleInquiry = useCallback(
    (inquiryId: string, note: Message) => dispatch({ type: "inquiry_settled", inquiryId, note }),
    [],
  );

  const withdrawInquiry = useCallback(
    (inquiryId: string, note: Message) => dispatch({ type: "inquiry_withdrawn", inquiryId, note }),
    [],
  );

  return { state, busy, send, stop, settleInquiry, withdrawInquiry };
}
