import type { InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { STALE_NOTE, noteForStatus } from "../inquiry/closed-note";
import type { ChatStreamEvent } from "./read-agent-stream";

/** One entry of the conversation as the page shows it. */
export type ChatItem =
  | { kind: "user"; key: number; text: string }
  | { kind: "assistant"; key: number; text: string }
  | {
      kind: "inquiry";
      key: number;
      inquiry: InquiryOpenedMeta;
      closedNote?: Message;
      /**
       * Who wrote the note: the stream (generic: "Answered", "No longer open"), the hub's
       * `inquiry:withdrawn` (names the device), or this card's own answer. A later, more
       * specific source may replace a generic stream note.
       */
      closedBy?: "stream" | "hub" | "card";
    }
  | { kind: "error"; key: number; message: string };

export interface ChatState {
  items: ChatItem[];
  nextKey: number;
}

export type ChatAction =
  | { type: "user_sent"; text: string }
  | { type: "stream_event"; event: ChatStreamEvent }
  /** The stream finished or broke: no question of it may stay answerable. */
  | { type: "stream_ended" }
  | { type: "inquiry_settled"; inquiryId: string; note: Message }
  /** The hub withdrew the inquiry (resolved on any device); `note` says how and where. */
  | { type: "inquiry_withdrawn"; inquiryId: string; note: Message }
  | { type: "failed"; message: string };

export const INITIAL_CHAT_STATE: ChatState = { items: [], nextKey: 1 };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function append(state: ChatState, item: DistributiveOmit<ChatItem, "key">): ChatState {
  const keyed: ChatItem = { ...item, key: state.nextKey };
  return { items: [...state.items, keyed], nextKey: state.nextKey + 1 };
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
      return known ? state : append(state, { kind: "inquiry", inquiry: event.inquiry });
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

/** The conversation's state machine: pure, so the page's behaviour is testable without React. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "user_sent":
      return append(state, { kind: "user", text: action.text });
    case "stream_event":
      return applyStreamEvent(state, action.event);
    case "stream_ended":
      return closeInquiries(state, () => true, STALE_NOTE);
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
  }
}

/** The messages sent to the agent: what the person and the assistant said, in order. */
export function conversationOf(
  items: readonly ChatItem[],
): { role: "user" | "assistant"; content: string }[] {
  return items.flatMap((item) =>
    (item.kind === "user" || item.kind === "assistant") && item.text !== ""
      ? [{ role: item.kind, content: item.text }]
      : [],
  );
}
