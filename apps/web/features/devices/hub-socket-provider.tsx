"use client";

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  InquiryProgressSchema,
  InquirySchema,
  InquiryWithdrawnSchema,
  UserSettingsSchema,
} from "@inquiry-hub/protocol";
import type {
  AnswerBody,
  Inquiry,
  InquiryProgress,
  InquiryWithdrawn,
  SocketAck,
} from "@inquiry-hub/protocol";
import { PENDING_QUERY_KEY } from "../inbox/pending-query";
import { addPending, removePending, replacePending } from "../inbox/pending-cache";
import type { PendingList } from "../inbox/pending-cache";
import { AnswerError, answerInquiry } from "../inquiry/answer-inquiry";
import type { AnswerOutcome } from "../inquiry/answer-inquiry";
import { outcomeOfAck } from "../inquiry/answer-outcome";
import { STALE_NOTE } from "../inquiry/closed-note";
import { withdrawnNote } from "../inquiry/withdrawn-note";
import { SETTINGS_QUERY_KEY } from "../settings/settings-client";
import type { Message } from "@/lib/i18n/translate";
import { useT } from "../i18n/i18n-provider";
import { connectHubSocket } from "./connect-hub-socket";
import type { HubSocket } from "./connect-hub-socket";
import type { ProtocolMismatch } from "./protocol-mismatch";

/** A card on its way out: the note it leaves behind for a few seconds. */
export interface LeavingCard {
  inquiry: Inquiry;
  note: Message;
}

export interface HubSocketValue {
  connected: boolean;
  /** Increases on every (re)connect; pages that show presence refetch on it. */
  connectCount: number;
  /** Set once the hub refused this page's protocol version; the page must be reloaded. */
  protocolMismatch: ProtocolMismatch | undefined;
  thisDeviceId: string | undefined;
  /** Every inquiry closed while this tab was open (withdrawn, or settled here). Never answerable. */
  closedIds: ReadonlySet<string>;
  /** Every `inquiry:withdrawn` seen by this tab, by inquiry id. */
  withdrawn: ReadonlyMap<string, InquiryWithdrawn>;
  /** The latest `inquiry:progress` of each shared (team) approval, by inquiry id. */
  progress: ReadonlyMap<string, InquiryProgress>;
  /** Cards leaving the inbox, with their note. */
  leaving: readonly LeavingCard[];
  /** The last `inquiry:new`, with a sequence number so repeats are noticed. */
  latestNew: { inquiry: Inquiry; sequence: number } | undefined;
  /** Answers over the socket with an ack when connected, else over HTTP. */
  answer: (inquiryId: string, body: AnswerBody) => Promise<AnswerOutcome>;
  /** Removes a card this tab settled itself, leaving `note` behind. */
  settleLocally: (inquiryId: string, note: Message) => void;
}

const HubSocketContext = createContext<HubSocketValue | undefined>(undefined);

/** How long a leaving card's note stays, in milliseconds (the CSS fade matches it). */
export const LEAVE_NOTE_MS = 5_000;
const ACK_TIMEOUT_MS = 5_000;

/** The live state of this tab as a device: one socket, shared by every signed-in page. */
export function useHubSocket(): HubSocketValue {
  const value = useContext(HubSocketContext);
  if (value === undefined) throw new Error("useHubSocket needs a HubSocketProvider.");
  return value;
}

/**
 * Opens this tab's Socket.IO connection and feeds its events into the React Query cache of
 * the pending list (`inquiry:pending` replaces it, `inquiry:new` adds, `inquiry:withdrawn`
 * removes). Mounted once in the signed-in layout, so moving between pages keeps the socket.
 */
export function HubSocketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const t = useT();
  const socketRef = useRef<HubSocket | undefined>(undefined);
  const closedRef = useRef(new Set<string>());
  const deviceIdRef = useRef<string | undefined>(undefined);
  const [connected, setConnected] = useState(false);
  const [connectCount, setConnectCount] = useState(0);
  const [protocolMismatch, setProtocolMismatch] = useState<ProtocolMismatch | undefined>();
  const [thisDeviceId, setThisDeviceId] = useState<string | undefined>(undefined);
  const [closedIds, setClosedIds] = useState<ReadonlySet<string>>(new Set());
  const [withdrawn, setWithdrawn] = useState<ReadonlyMap<string, InquiryWithdrawn>>(new Map());
  const [progress, setProgress] = useState<ReadonlyMap<string, InquiryProgress>>(new Map());
  const [leaving, setLeaving] = useState<readonly LeavingCard[]>([]);
  const [latestNew, setLatestNew] = useState<HubSocketValue["latestNew"]>(undefined);

  const markClosed = useCallback((ids: readonly string[]) => {
    for (const id of ids) closedRef.current.add(id);
    setClosedIds(new Set(closedRef.current));
  }, []);

  const leave = useCallback((inquiry: Inquiry, note: Message) => {
    setLeaving((current) =>
      current.some((card) => card.inquiry.id === inquiry.id)
        ? current
        : [...current, { inquiry, note }],
    );
    setTimeout(
      () => setLeaving((current) => current.filter((card) => card.inquiry.id !== inquiry.id)),
      LEAVE_NOTE_MS,
    );
  }, []);

  const removeFromCache = useCallback(
    (inquiryId: string, note: Message) => {
      const { list, removed } = removePending(
        queryClient.getQueryData<PendingList>(PENDING_QUERY_KEY),
        inquiryId,
      );
      if (removed === undefined) return;
      queryClient.setQueryData<PendingList>(PENDING_QUERY_KEY, list);
      leave(removed, note);
    },
    [leave, queryClient],
  );

  useEffect(
    () =>
      connectHubSocket({
        onSocket(socket, ticket) {
          socketRef.current = socket;
          deviceIdRef.current = ticket.deviceId;
          setThisDeviceId(ticket.deviceId);
          socket.on("connect", () => {
            setConnected(true);
            setConnectCount((count) => count + 1);
          });
          socket.on("disconnect", () => setConnected(false));
          socket.on("inquiry:pending", (payload) => {
            const parsed = InquirySchema.array().safeParse(payload);
            if (!parsed.success) return;
            void queryClient.cancelQueries({ queryKey: PENDING_QUERY_KEY });
            const before = queryClient.getQueryData<PendingList>(PENDING_QUERY_KEY) ?? [];
            const after = replacePending(parsed.data, closedRef.current);
            const goneIds = before
              .filter((old) => !after.some((inquiry) => inquiry.id === old.id))
              .map((old) => old.id);
            markClosed(goneIds);
            for (const id of goneIds) removeFromCache(id, STALE_NOTE);
            queryClient.setQueryData<PendingList>(PENDING_QUERY_KEY, after);
          });
          socket.on("inquiry:new", (payload) => {
            const parsed = InquirySchema.safeParse(payload);
            if (!parsed.success) return;
            void queryClient.cancelQueries({ queryKey: PENDING_QUERY_KEY });
            const before = queryClient.getQueryData<PendingList>(PENDING_QUERY_KEY);
            const after = addPending(before, parsed.data, closedRef.current);
            if (after === before) return;
            queryClient.setQueryData<PendingList>(PENDING_QUERY_KEY, after);
            setLatestNew((last) => ({ inquiry: parsed.data, sequence: (last?.sequence ?? 0) + 1 }));
          });
          socket.on("settings:changed", (payload) => {
            const parsed = UserSettingsSchema.safeParse(payload);
            if (parsed.success) queryClient.setQueryData(SETTINGS_QUERY_KEY, parsed.data);
          });
          socket.on("inquiry:progress", (payload) => {
            const parsed = InquiryProgressSchema.safeParse(payload);
            if (parsed.success)
              setProgress((current) => new Map(current).set(parsed.data.inquiryId, parsed.data));
          });
          socket.on("inquiry:withdrawn", (payload) => {
            const parsed = InquiryWithdrawnSchema.safeParse(payload);
            if (!parsed.success) return;
            const event = parsed.data;
            markClosed([event.inquiryId]);
            setWithdrawn((current) => new Map(current).set(event.inquiryId, event));
            removeFromCache(event.inquiryId, withdrawnNote(event, deviceIdRef.current));
          });
        },
        onProtocolMismatch: setProtocolMismatch,
      }),
    [markClosed, queryClient, removeFromCache],
  );

  const answer = useCallback(
    async (inquiryId: string, body: AnswerBody) => {
      const socket = socketRef.current;
      if (socket?.connected === true) {
        try {
          const ack = (await socket
            .timeout(ACK_TIMEOUT_MS)
            .emitWithAck("inquiry:answer", { inquiryId, ...body })) as SocketAck<Inquiry>;
          return outcomeOfAck(ack);
        } catch (error) {
          if (error instanceof AnswerError) throw error;
        }
      }
      return answerInquiry(inquiryId, body, t);
    },
    [t],
  );

  const settleLocally = useCallback(
    (inquiryId: string, note: Message) => {
      markClosed([inquiryId]);
      removeFromCache(inquiryId, note);
    },
    [markClosed, removeFromCache],
  );

  const value = useMemo<HubSocketValue>(
    () => ({
      connected,
      connectCount,
      protocolMismatch,
      thisDeviceId,
      closedIds,
      withdrawn,
      progress,
      leaving,
      latestNew,
      answer,
      settleLocally,
    }),
    [
      answer,
      closedIds,
      connectCount,
      connected,
      latestNew,
      leaving,
      progress,
      protocolMismatch,
      settleLocally,
      thisDeviceId,
      withdrawn,
    ],
  );

  return <HubSocketContext.Provider value={value}>{children}</HubSocketContext.Provider>;
}
