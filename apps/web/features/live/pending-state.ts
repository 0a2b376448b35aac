import type {
  Inquiry,
  InquiryAgentWaiting,
  InquiryExpiring,
  InquiryExtended,
  InquiryProgress,
  InquiryWithdrawn,
} from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { addPending, removePending, replacePending } from "./pending-cache";
import type { PendingList } from "./pending-cache";
import { STALE_NOTE } from "./closed-note";
import { withdrawnNote } from "./withdrawn-note";

/** A card on its way out of the inbox: the inquiry and the note it leaves behind a while. */
export interface LeavingCard {
  inquiry: Inquiry;
  note: Message;
}

/** What this tab knows about its user's open inquiries, from the socket and its own answers. */
export interface PendingState {
  /** The pending list (the React Query cache holds it; HTTP writes it too). */
  pending: PendingList | undefined;
  /** Every inquiry closed while this tab was open (withdrawn, or settled here). Never answerable. */
  closedIds: ReadonlySet<string>;
  /** The note of every `inquiry:withdrawn` seen by this tab, by inquiry id. */
  withdrawnNotes: ReadonlyMap<string, Message>;
  /** The latest `inquiry:progress` of each shared (team) approval, by inquiry id. */
  progress: ReadonlyMap<string, InquiryProgress>;
  /** The deadline of each open inquiry's latest `inquiry:expiring`, by inquiry id. */
  expiring: ReadonlyMap<string, string>;
  /** The last `inquiry:new` that added a card, numbered so a repeat of the same one is noticed. */
  latestNew: { inquiry: Inquiry; sequence: number } | undefined;
}

/** Everything that changes the pending state: socket events and this tab's own answers. */
export type PendingAction =
  /** `inquiry:pending`: the full list, sent on every (re)connect. */
  | { type: "snapshot"; inquiries: readonly Inquiry[] }
  /** `inquiry:new`. */
  | { type: "new"; inquiry: Inquiry }
  /** `inquiry:withdrawn`; `thisDeviceId` words the note ("Answered here"). */
  | { type: "withdrawn"; event: InquiryWithdrawn; thisDeviceId: string | undefined }
  /** A card of this tab settled its inquiry itself, leaving `note`. */
  | { type: "resolved"; inquiryId: string; note: Message }
  /** `inquiry:progress`. */
  | { type: "progress"; progress: InquiryProgress }
  /** `inquiry:extended`: the inquiry's countdown moves to the new `expiresAt`. */
  | { type: "extended"; event: InquiryExtended }
  /** `inquiry:expiring`: a fifth of the inquiry's time is left. */
  | { type: "expiring"; event: InquiryExpiring }
  /** `inquiry:agent-waiting`: a call of the agent attached to the inquiry, or left it. */
  | { type: "agent-waiting"; event: InquiryAgentWaiting };

/** The next state, and the cards the action took out of the pending list (for their notes). */
export interface PendingTransition {
  state: PendingState;
  leaving: readonly LeavingCard[];
}

export const EMPTY_PENDING_STATE: PendingState = {
  pending: undefined,
  closedIds: new Set(),
  withdrawnNotes: new Map(),
  progress: new Map(),
  expiring: new Map(),
  latestNew: undefined,
};

function close(state: PendingState, inquiryId: string, note: Message): PendingTransition {
  const { list, removed } = removePending(state.pending, inquiryId);
  const expiring = new Map(state.expiring);
  expiring.delete(inquiryId);
  return {
    state: {
      ...state,
      pending: removed === undefined ? state.pending : list,
      closedIds: new Set(state.closedIds).add(inquiryId),
      expiring,
    },
    leaving: removed === undefined ? [] : [{ inquiry: removed, note }],
  };
}

function snapshot(state: PendingState, inquiries: readonly Inquiry[]): PendingTransition {
  const after = replacePending(inquiries, state.closedIds);
  const gone = (state.pending ?? []).filter((old) => !after.some((kept) => kept.id === old.id));
  const closedIds = new Set(state.closedIds);
  for (const inquiry of gone) closedIds.add(inquiry.id);
  return {
    state: { ...state, pending: after, closedIds },
    leaving: gone.map((inquiry) => ({ inquiry, note: STALE_NOTE })),
  };
}

function added(state: PendingState, inquiry: Inquiry): PendingTransition {
  const after = addPending(state.pending, inquiry, state.closedIds);
  if (after.length === (state.pending?.length ?? 0)) return { state, leaving: [] };
  const sequence = (state.latestNew?.sequence ?? 0) + 1;
  return { state: { ...state, pending: after, latestNew: { inquiry, sequence } }, leaving: [] };
}

/** Moves a listed inquiry's deadline later; an older or repeated event changes nothing. */
function extended(state: PendingState, event: InquiryExtended): PendingTransition {
  const listed = state.pending?.find((inquiry) => inquiry.id === event.inquiryId);
  if (state.pending === undefined || listed === undefined || listed.expiresAt >= event.expiresAt)
    return { state, leaving: [] };
  const pending = state.pending.map((inquiry) =>
    inquiry.id === event.inquiryId ? { ...inquiry, expiresAt: event.expiresAt } : inquiry,
  );
  return { state: { ...state, pending }, leaving: [] };
}

/**
 * Records on a listed inquiry whether the agent waits. The hub sends each change with the
 * state stored when it sent it, so the latest event is the truth; an unlisted one is ignored.
 */
function agentWaiting(state: PendingState, event: InquiryAgentWaiting): PendingTransition {
  const listed = state.pending?.find((inquiry) => inquiry.id === event.inquiryId);
  if (
    state.pending === undefined ||
    listed === undefined ||
    listed.agentWaiting === event.agentWaiting
  )
    return { state, leaving: [] };
  const pending = state.pending.map((inquiry) =>
    inquiry.id === event.inquiryId ? { ...inquiry, agentWaiting: event.agentWaiting } : inquiry,
  );
  return { state: { ...state, pending }, leaving: [] };
}

/** Remembers the warned deadline of an open inquiry; a closed one or an older deadline is ignored. */
function expiringSoon(state: PendingState, event: InquiryExpiring): PendingTransition {
  const known = state.expiring.get(event.inquiryId);
  if (state.closedIds.has(event.inquiryId) || (known !== undefined && known >= event.expiresAt))
    return { state, leaving: [] };
  const expiring = new Map(state.expiring).set(event.inquiryId, event.expiresAt);
  return { state: { ...state, expiring }, leaving: [] };
}

/**
 * The pure transition of the pending state; the provider applies it to the query cache and
 * the React state. An inquiry never returns to pending, so whatever order events arrive in
 * (a `withdrawn` before its `new`, a `new` twice, a snapshot older than a withdrawal) a
 * closed inquiry stays closed and each open one is listed once.
 *
 * @example reducePending(state, { type: "new", inquiry }) // adds it, bumps latestNew
 */
export function reducePending(state: PendingState, action: PendingAction): PendingTransition {
  switch (action.type) {
    case "snapshot":
      return snapshot(state, action.inquiries);
    case "new":
      return added(state, action.inquiry);
    case "withdrawn": {
      const note = withdrawnNote(action.event, action.thisDeviceId);
      const closed = close(state, action.event.inquiryId, note);
      const withdrawnNotes = new Map(state.withdrawnNotes).set(action.event.inquiryId, note);
      return { ...closed, state: { ...closed.state, withdrawnNotes } };
    }
    case "resolved":
      return close(state, action.inquiryId, action.note);
    case "progress":
      return {
        state: {
          ...state,
          progress: new Map(state.progress).set(action.progress.inquiryId, action.progress),
        },
        leaving: [],
      };
    case "extended":
      return extended(state, action.event);
    case "expiring":
      return expiringSoon(state, action.event);
    case "agent-waiting":
      return agentWaiting(state, action.event);
  }
}
