import { describe, expect, it } from "vitest";
import { INITIAL_CHAT_STATE, chatReducer } from "./chat-state";
import type { ChatAction, ChatState } from "./chat-state";

type StreamEvent = Extract<ChatAction, { type: "stream_event" }>["event"];
type ClosedStatus = Extract<StreamEvent, { type: "inquiry_closed" }>["status"];
type ClosedNote = Extract<ChatAction, { type: "inquiry_withdrawn" }>["note"];

const inquiry = { type: "INQUIRY" as const, inquiryId: "q-1", question: "Which city?" };

/** A piece of the assistant's text from the stream, with its event id when it has one. */
function content(text: string, eventId?: number): ChatAction {
  const action: ChatAction = { type: "stream_event", event: { type: "content", text } };
  return eventId === undefined ? action : { ...action, eventId };
}

/** The stream opens the question card of `inquiry`. */
const opened: ChatAction = { type: "stream_event", event: { type: "inquiry_opened", inquiry } };

/** The stream says how the question ended. */
function closed(status: ClosedStatus): ChatAction {
  return { type: "stream_event", event: { type: "inquiry_closed", inquiryId: "q-1", status } };
}

/** The hub withdrew the card (answered elsewhere), with its note. */
function withdrawn(note: ClosedNote): ChatAction {
  return { type: "inquiry_withdrawn", inquiryId: "q-1", note };
}

/** This device's own answer settled the card, with its note. */
function settled(note: ClosedNote): ChatAction {
  return { type: "inquiry_settled", inquiryId: "q-1", note };
}

function run(...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, INITIAL_CHAT_STATE);
}

describe("chatReducer", () => {
  it("streams content into one assistant message per turn", () => {
    const state = run({ type: "sent", text: "Weather?" }, content("Let me "), content("check."));
    expect(state.turn).toEqual({ text: "Weather?", source: "post" });
    expect(state.items).toEqual([{ kind: "assistant", key: "live-1", text: "Let me check." }]);
  });

  it("starts a new assistant message after a question card", () => {
    const state = run(content("a"), opened, content("b"));
    expect(state.items.map((item) => item.kind)).toEqual(["assistant", "inquiry", "assistant"]);
  });

  it("closes a card on its inquiry_closed and keeps the first note", () => {
    const state = run(opened, closed("timeout"), { type: "stream_ended" });
    expect(state.items[0]).toMatchObject({ kind: "inquiry", closedNote: { key: "note.timedOut" } });
  });

  it("lets this device's own answer describe the outcome", () => {
    const state = run(
      opened,
      closed("answered"),
      settled({ key: "note.answeredWith", params: { response: "Hangzhou" } }),
    );
    expect(state.items[0]).toMatchObject({
      closedNote: { key: "note.answeredWith", params: { response: "Hangzhou" } },
    });
  });

  it("never leaves a question open after its stream ended", () => {
    const state = run(opened, { type: "stream_ended" });
    expect(state.items[0]).toMatchObject({ closedNote: { key: "note.stale" } });
  });

  it("ignores a repeated inquiry_opened and records errors", () => {
    const state = run(opened, opened, {
      type: "stream_event",
      event: { type: "error", message: "boom" },
    });
    expect(state.items.map((item) => item.kind)).toEqual(["inquiry", "error"]);
  });

  it("closes an open card when the hub withdraws it, naming the device", () => {
    const state = run(
      opened,
      withdrawn({ key: "note.answeredOn", params: { device: "Pixel 7" } }),
      closed("answered"),
    );
    expect(state.items[0]).toMatchObject({
      closedNote: { key: "note.answeredOn", params: { device: "Pixel 7" } },
    });
  });

  it("lets the hub's note replace the stream's generic one, never this card's own", () => {
    const fromStream = run(
      opened,
      closed("answered"),
      withdrawn({ key: "note.answeredOn", params: { device: "Pixel 7" } }),
    );
    expect(fromStream.items[0]).toMatchObject({
      closedNote: { key: "note.answeredOn", params: { device: "Pixel 7" } },
    });
    const fromCard = run(
      opened,
      settled({ key: "note.answeredWith", params: { response: "Hangzhou" } }),
      withdrawn({ key: "note.answeredHere" }),
    );
    expect(fromCard.items[0]).toMatchObject({
      closedNote: { key: "note.answeredWith", params: { response: "Hangzhou" } },
    });
  });

  it("ignores a withdrawal of an inquiry the chat does not show", () => {
    const state = run(opened, {
      type: "inquiry_withdrawn",
      inquiryId: "other",
      note: { key: "note.timedOut" },
    });
    expect(state.items[0]).not.toHaveProperty("closedNote");
  });
});

const RUN = { type: "attached" as const, turnId: "t-1", runId: "run-1", text: "Weather?" };

describe("chatReducer re-attaching to a run", () => {
  it("skips replayed events at or below the last id, so no text is doubled", () => {
    const state = run(
      RUN,
      content("Sunny ", 1),
      content("in ", 2),
      { type: "detached" },
      RUN,
      content("Sunny ", 1),
      content("in ", 2),
      content("Hangzhou.", 3),
    );
    expect(state.items).toEqual([{ kind: "assistant", key: "live-1", text: "Sunny in Hangzhou." }]);
    expect(state.lastEventId).toBe(3);
    expect(state.connection).toBe("live");
  });

  it("rebuilds a reply from the start for another run, and keeps id-less events", () => {
    const other = run(RUN, content("old", 4), { ...RUN, runId: "run-2" }, content("new", 1));
    expect(other.items.map((item) => item.kind === "assistant" && item.text)).toEqual(["new"]);
    const plain = run({ type: "sent", text: "Hi" }, content("a"), content("a"));
    expect(plain.items).toMatchObject([{ text: "aa" }]);
  });

  it("holds open cards while detached and asks the pending list after re-attaching", () => {
    const detached = run(
      { type: "sent", text: "Weather?" },
      { type: "accepted", turnId: "t-1", runId: "run-1" },
      { type: "stream_event", event: { type: "inquiry_opened", inquiry }, eventId: 1 },
      { type: "detached" },
    );
    expect(detached.connection).toBe("reconnecting");
    expect(detached.items[0]).toMatchObject({ kind: "inquiry", recheck: true });
    expect(chatReducer(detached, { type: "reattached" }).connection).toBe("live");
    const fresh = run({ type: "sent", text: "Weather?" }, opened);
    expect(fresh.items[0]).not.toHaveProperty("recheck");
    const attached = run(RUN, {
      type: "stream_event",
      event: { type: "inquiry_opened", inquiry },
      eventId: 1,
    });
    expect(attached.items[0]).toMatchObject({ recheck: true });
  });

  it("ends the connection on stream_ended and forgets everything on cleared", () => {
    const ended = run(RUN, content("a", 1), { type: "stream_ended" });
    expect(ended.connection).toBe("ended");
    expect(chatReducer(ended, { type: "cleared" })).toEqual(INITIAL_CHAT_STATE);
  });
});
