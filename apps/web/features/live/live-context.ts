"use client";

import { createContext, useContext } from "react";
import type { AnswerBody, InquiryProgress } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import type { AnswerOutcome } from "./answer-inquiry";
import type { LeavingCard, PendingState } from "./pending-state";
import type { ProtocolMismatch } from "./protocol-mismatch";

/** The tab's connection to the hub, for pages that show presence or send answers. */
export interface HubConnectionValue {
  connected: boolean;
  /** Increases on every (re)connect; pages that show presence refetch on it. */
  connectCount: number;
  /** Set once the hub refused this page's protocol version; the page must be reloaded. */
  protocolMismatch: ProtocolMismatch | undefined;
  /** Answers over the socket with an ack when connected, else over HTTP. */
  answer: (inquiryId: string, body: AnswerBody) => Promise<AnswerOutcome>;
  /** Tells the hub this device shows the card in a focused tab (a "seen" receipt). */
  reportSeen: (inquiryId: string, via: "app" | "notification") => void;
}

/** What the socket said about the user's open inquiries, for the cards that show them. */
export interface LiveInquiriesValue {
  closedIds: PendingState["closedIds"];
  withdrawnNotes: PendingState["withdrawnNotes"];
  progress: ReadonlyMap<string, InquiryProgress>;
  /** The open inquiries' records, for what a chat card's stream meta lacks (`createdAt`). */
  pending: PendingState["pending"];
  /** The deadline of each open inquiry's latest `inquiry:expiring`, by inquiry id. */
  expiring: PendingState["expiring"];
  latestNew: PendingState["latestNew"];
  /** Cards leaving the inbox, each with its note, for a few seconds. */
  leaving: readonly LeavingCard[];
  /** Removes a card this tab settled itself, leaving `note` behind. */
  settleLocally: (inquiryId: string, note: Message) => void;
}

/**
 * Two contexts rather than one: the connection changes on (re)connects, the inquiries on
 * every event, and most consumers need only one of them.
 */
export const HubConnectionContext = createContext<HubConnectionValue | undefined>(undefined);
export const LiveInquiriesContext = createContext<LiveInquiriesValue | undefined>(undefined);

/** This tab's connection to the hub; needs the HubSocketProvider of the signed-in layout. */
export function useHubConnection(): HubConnectionValue {
  const value = useContext(HubConnectionContext);
  if (value === undefined) throw new Error("useHubConnection needs a HubSocketProvider.");
  return value;
}

/** The live state of the user's open inquiries; needs the HubSocketProvider. */
export function useLiveInquiries(): LiveInquiriesValue {
  const value = useContext(LiveInquiriesContext);
  if (value === undefined) throw new Error("useLiveInquiries needs a HubSocketProvider.");
  return value;
}
