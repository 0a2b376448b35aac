"use client";

import { useCallback, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  ConversationChangedSchema,
  InquiryProgressSchema,
  InquirySchema,
  InquiryWithdrawnSchema,
  InquiryExtendedSchema,
  InquiryExpiringSchema,
  InquiryAgentWaitingSchema,
  InquiryReceiptsSchema,
  UserSettingsSchema,
} from "@inquiry-hub/protocol";
import type { AnswerBody } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";
import { HubConnectionContext, LiveInquiriesContext } from "./live-context";
import type { HubConnectionValue, LiveInquiriesValue } from "./live-context";
import { sendAnswer } from "./send-answer";
import { createReceiptReporter } from "./receipt-reporter";
import { useHubSocket } from "./use-hub-socket";
import { useLeavingCards } from "./use-leaving-cards";
import { usePendingState } from "./use-pending-state";

/**
 * This tab's live link to the hub, mounted once in the signed-in layout so moving between
 * pages keeps the socket: it opens the socket, turns each event into a pending-state action
 * (`inquiry:pending` snapshot, `inquiry:new`, `inquiry:withdrawn`, `inquiry:extended`,
 * `inquiry:expiring`, `inquiry:agent-waiting`,
 * `inquiry:progress`), a
 * settings cache write (`settings:changed`) or a refetch of a conversation and the list
 * (`conversation:changed`: a deleted one refetches to its 404), and provides the connection and the live
 * inquiries to the pages. Events that fail their schema are ignored. A pushed event wins over
 * a fetch of the same cache still in flight, which is cancelled: it may predate the event.
 */
export function HubSocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { leaving, leave } = useLeavingCards();
  const { state, dispatch } = usePendingState(leave);
  const [receipts] = useState(createReceiptReporter);

  const subscribe = useCallback(
    (socket: HubSocket, thisDeviceId: string | undefined) => {
      socket.on("inquiry:pending", (payload) => {
        const parsed = InquirySchema.array().safeParse(payload);
        if (!parsed.success) return;
        void queryClient.cancelQueries({ queryKey: queryKeys.pendingInquiries });
        dispatch({ type: "snapshot", inquiries: parsed.data });
        for (const inquiry of parsed.data) receipts.delivered(socket, inquiry.id);
      });
      socket.on("inquiry:new", (payload) => {
        const parsed = InquirySchema.safeParse(payload);
        if (!parsed.success) return;
        void queryClient.cancelQueries({ queryKey: queryKeys.pendingInquiries });
        dispatch({ type: "new", inquiry: parsed.data });
        receipts.delivered(socket, parsed.data.id);
      });
      socket.on("inquiry:receipts", (payload) => {
        const parsed = InquiryReceiptsSchema.safeParse(payload);
        if (!parsed.success) return;
        const key = queryKeys.receipts(parsed.data.inquiryId);
        void queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(key, parsed.data.receipts);
      });
      socket.on("inquiry:withdrawn", (payload) => {
        const parsed = InquiryWithdrawnSchema.safeParse(payload);
        if (parsed.success) dispatch({ type: "withdrawn", event: parsed.data, thisDeviceId });
      });
      socket.on("inquiry:extended", (payload) => {
        const parsed = InquiryExtendedSchema.safeParse(payload);
        if (parsed.success) dispatch({ type: "extended", event: parsed.data });
      });
      socket.on("inquiry:expiring", (payload) => {
        const parsed = InquiryExpiringSchema.safeParse(payload);
        if (parsed.success) dispatch({ type: "expiring", event: parsed.data });
      });
      socket.on("inquiry:agent-waiting", (payload) => {
        const parsed = InquiryAgentWaitingSchema.safeParse(payload);
        if (parsed.success) dispatch({ type: "agent-waiting", event: parsed.data });
      });
      socket.on("inquiry:progress", (payload) => {
        const parsed = InquiryProgressSchema.safeParse(payload);
        if (parsed.success) dispatch({ type: "progress", progress: parsed.data });
      });
      socket.on("settings:changed", (payload) => {
        const parsed = UserSettingsSchema.safeParse(payload);
        if (!parsed.success) return;
        void queryClient.cancelQueries({ queryKey: queryKeys.settings });
        queryClient.setQueryData(queryKeys.settings, parsed.data);
      });
      socket.on("conversation:changed", (payload) => {
        const parsed = ConversationChangedSchema.safeParse(payload);
        if (!parsed.success) return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversations, exact: true });
        void queryClient.invalidateQueries({
          queryKey: queryKeys.conversation(parsed.data.conversationId),
        });
      });
    },
    [dispatch, queryClient, receipts],
  );
  const { connected, connectCount, protocolMismatch, socketRef } = useHubSocket(subscribe);

  const answer = useCallback(
    (inquiryId: string, body: AnswerBody) => sendAnswer(socketRef.current, inquiryId, body),
    [socketRef],
  );
  const reportSeen = useCallback(
    (inquiryId: string, via: "app" | "notification") => {
      const socket = socketRef.current;
      if (socket !== undefined) receipts.seen(socket, inquiryId, via);
    },
    [receipts, socketRef],
  );
  const settleLocally = useCallback(
    (inquiryId: string, note: Message) => dispatch({ type: "resolved", inquiryId, note }),
    [dispatch],
  );

  const connection = useMemo<HubConnectionValue>(
    () => ({ connected, connectCount, protocolMismatch, answer, reportSeen }),
    [answer, connectCount, connected, protocolMismatch, reportSeen],
  );
  const inquiries = useMemo<LiveInquiriesValue>(
    () => ({
      closedIds: state.closedIds,
      withdrawnNotes: state.withdrawnNotes,
      progress: state.progress,
      pending: state.pending,
      expiring: state.expiring,
      latestNew: state.latestNew,
      leaving,
      settleLocally,
    }),
    [leaving, settleLocally, state],
  );

  return (
    <HubConnectionContext.Provider value={connection}>
      <LiveInquiriesContext.Provider value={inquiries}>{children}</LiveInquiriesContext.Provider>
    </HubConnectionContext.Provider>
  );
}
