import type { InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { STALE_NOTE, noteForStatus } from "@/features/live";
import type { ChatStreamEvent } from "./read-agent-stream";

/** One entry of the conversation as the page shows it; `key` is unique over the page. */
export type ChatItem =
  | { kind: "user"; key: string; text: string }
  | { kind: "assistant"; key: string; text: string }
  | {
      kind: "inquiry";
      key: string;
      inquiry: InquiryOpenedMeta;
      closedNote?: Message;
      /**
       * Who wrote the note: the stream (generic: "Answered", "No longer open"), the hub's
       * `inquiry:withdrawn` (names the device), or this card's own answer. A later, more
       * specific source may replace a generic stream note.
       */
      closedBy?: "stream" | "hub" | "card";
      /**
       * The card was seen through a re-attach or a detach: the stream alone no longer proves
       * it open, so it is answerable only while the hub's pending list still has it.
       */
      recheck?: boolean;
    }
  /** A question of a stored turn, named by id: the card reads the hub's record of it. */
  | { kind: "stored-inquiry"; key: string; inquiryId: string }
  | { kind: "error"; key: string; message: string }
  /** A turn the person stopped. */
  | { kind: "stopped"; key: string };

/** The turn this page follows: the message sent, and what the hub and agent named it. */
export interface LiveTurn {
  text: string;
  turnId?: string;
  runId?: string;
  /** `post`: the stream of this page's own message; `attach`: a run re-attached by id. */
  source: "post" | "attach";
}

/** The stream of the followed run: reading it, lost and re-attaching, or over. */
export type RunConnection = "idle" | "live" | "reconnecting" | "ended";

/** The live part of the conversation: the followed turn's reply as its run streams it. */
export interface ChatState {
  turn: LiveTurn | undefined;
  /** The reply so far (the turn's own message is not among them). */
  items: ChatItem[];
  nextKey: number;
  /** The id of the last run event applied (0: none); a replayed event at or below it is skipped. */
  lastEventId: number;
  connection: RunConnection;
}

export type ChatAction =
  /** This page sent a message; its stream is the POST's answer. */
  | { type: "sent"; text: string }
  /** The hub recorded the message as `turnId`; `runId` when the agent runs it in the background. */
  | { type: "accepted"; turnId: string; runId: string | undefined }
  /** A run's stream was (re)opened; a run other than the followed one starts from nothing. */
  | { type: "attached"; turnId: string; runId: string; text: string }
  | { type: "stream_event"; event: ChatStreamEvent; eventId?: number | undefined }
  /** The stream dropped before `[DONE]`; the page re-attaches. */
  | { type: "detached" }
  /** The followed run's stream is open again after a drop. */
  | { type: "reattached" }
  /** The stream finished or was given up: no question of it may stay answerable. */
  | { type: "stream_ended" }
  | { type: "inquiry_settled"; inquiryId: string; note: Message }
  /** The hub withdrew the inquiry (resolved on any device); `note` says how and where. */
  | { type: "inquiry_withdrawn"; inquiryId: string; note: Message }
  | { type: "failed"; message: string }
  /** The page left the conversation. */
  | { type: "cleared" };

export const INITIAL_CHAT_STATE: ChatState = {
  turn: undefined,
  items: [],
  nextKey: 1,
  lastEventId: 0,
  connection: "idle",
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function append(state: ChatState, item: DistributiveOmit<ChatItem, "key">): ChatState {
  const keyed: ChatItem = { ...item, key: `live-${state.nextKey}` };
  return { ...state, items: [...state.items, keyed], nextKey: state.nextKey + 1 };
}

type InquiryItem = Extract<ChatItem, { kind: "inquiry" }>;

function closeInquiries(
  state: ChatState,
  shouldClose: (item: InquiryItem) => boolean,
  note: Message,
  closedBy: NonNullable<InquiryItem["closedBy"]> = "stream",
): ChatState {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.kind !== "inquiry" || !shouldClose(item)) return item;
    const replaceable =
      item.closedNote === undefined || (closedBy === "hub" && item.closedBy === "stream");
    if (!replaceable) return item;
    changed = true;
    return { ...item, closedNote: note, closedBy };
  });
  return changed ? { ...state, items } : state;
}

function applyStreamEvent(state: ChatState, event: ChatStreamEvent): ChatState {
  switch (event.type) {
    case "content": {
      const last = state.items.at(-1);
      if (last?.kind === "assistant") {
        const items = [...state.items.slice(0, -1), { ...last, text: last.text + event.text }];
        return { ...state, items };
      }
      return append(state, { kind: "assistant", text: event.text });
    }
    case "inquiry_opened": {
      const known = state.items.some(
        (item) => item.kind === "inquiry" && item.inquiry.inquiryId === event.inquiry.inquiryId,
      );
      if (known) return state;
      const recheck = state.turn?.source === "attach" || state.connection === "reconnecting";
      return append(state, {
        kind: "inquiry",
        inquiry: event.inquiry,
        ...(recheck ? { recheck } : {}),
      });
    }
    case "inquiry_closed":
      return closeInquiries(
        state,
        (item) => item.inquiry.inquiryId === event.inquiryId,
        noteForStatus(event.status),
      );
    case "error":
      return append(state, { kind: "error", message: event.message });
    case "done":
      return state;
  }
}

/**
 * An event of the followed run, applied once: a replay after a re-attach repeats events the
 * page already has, and those (ids at or below `lastEventId`) change nothing, so no text is
 * ever doubled. Events without an id (a backend without the run API) are always new.
 */
function applyNumberedEvent(
  state: ChatState,
  event: ChatStreamEvent,
  eventId: number | undefined,
): ChatState {
  if (eventId !== undefined && eventId <= state.lastEventId) return state;
  const next = applyStreamEvent(state, event);
  return eventId === undefined ? next : { ...next, lastEventId: eventId };
}

function attach(state: ChatState, turnId: string, runId: string, text: string): ChatState {
  if (state.turn?.runId === runId) return { ...state, connection: "live" };
  return {
    ...INITIAL_CHAT_STATE,
    turn: { text, turnId, runId, source: "attach" },
    connection: "live",
  };
}

function detach(state: ChatState): ChatState {
  const items = state.items.map((item) =>
    item.kind === "inquiry" && item.closedNote === undefined ? { ...item, recheck: true } : item,
  );
  return { ...state, items, connection: "reconnecting" };
}

/** The live turn's state machine: pure, so the page's behaviour is testable without React. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "sent":
      return {
        ...INITIAL_CHAT_STATE,
        turn: { text: action.text, source: "post" },
        connection: "live",
      };
    case "accepted":
      return state.turn === undefined
        ? state
        : {
            ...state,
            turn: {
              ...state.turn,
              turnId: action.turnId,
              ...(action.runId === undefined ? {} : { runId: action.runId }),
            },
          };
    case "attached":
      return attach(state, action.turnId, action.runId, action.text);
    case "stream_event":
      return applyNumberedEvent(state, action.event, action.eventId);
    case "detached":
      return detach(state);
    case "reattached":
      return state.connection === "reconnecting" ? { ...state, connection: "live" } : state;
    case "stream_ended":
      return { ...closeInquiries(state, () => true, STALE_NOTE), connection: "ended" };
    case "inquiry_settled": {
      const items = state.items.map((item) =>
        item.kind === "inquiry" && item.inquiry.inquiryId === action.inquiryId
          ? { ...item, closedNote: action.note, closedBy: "card" as const }
          : item,
      );
      return { ...state, items };
    }
    case "inquiry_withdrawn":
      return closeInquiries(
        state,
        (item) => item.inquiry.inquiryId === action.inquiryId,
        action.note,
        "hub",
      );
    case "failed":
      return append(state, { kind: "error", message: action.message });
    case "cleared":
      return INITIAL_CHAT_STATE;
  }
}
