"use client";

import { useCallback, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { AnswerBody } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import type { HubSocket } from "./connect-hub-socket";
import { followConversations } from "./conversation-refetch";
import { HubConnectionContext, LiveInquiriesContext } from "./live-context";
import type { HubConnectionValue, LiveInquiriesValue } from "./live-context";
import { followPendingInquiries } from "./pending-events";
import { createReceiptReporter } from "./receipt-reporter";
import { followReceipts } from "./receipts-cache";
import { sendAnswer } from "./send-answer";
import { followSettings } from "./settings-cache";
import { useHubSocket } from "./use-hub-socket";
import { useLeavingCards } from "./use-leaving-cards";
import { usePresenceReports } from "./use-presence-reports";
import { usePendingState } from "./use-pending-state";

/**
 * This tab's live link to the hub, mounted once in the signed-in layout so moving between
 * pages keeps the socket. It opens the socket (`useHubSocket`) and hands what the hub pushes
 * to the module that owns each part: the inquiry events to the pending state
 * (`followPendingInquiries`), receipts, settings and conversation changes to their caches
 * (`followReceipts`, `followSettings`, `followConversations`), and reports the tab's presence
 * (`usePresenceReports`). It provides the connection
 * (with answers and "seen" receipts sent over it) and the live inquiries to the pages.
 */
export function HubSocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { leaving, leave } = useLeavingCards();
  const { state, dispatch } = usePendingState(leave);
  const [receipts] = useState(createReceiptReporter);

  const subscribe = useCallback(
    (socket: HubSocket, thisDeviceId: string | undefined) => {
      followPendingInquiries(socket, { queryClient, dispatch, receipts, thisDeviceId });
      followReceipts(socket, queryClient);
      followSettings(socket, queryClient);
      followConversations(socket, queryClient);
    },
    [dispatch, queryClient, receipts],
  );
  const { connected, connectCount, protocolMismatch, socketRef } = useHubSocket(subscribe);
  usePresenceReports(socketRef, connectCount);

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
