import { describe, expect, it } from "vitest";
import { INITIAL_CHAT_STATE, chatReducer, conversationOf } from "./chat-state";
import type { ChatAction, ChatState } from "./chat-state";

const inquiry = { type: "INQUIRY" as const, inquiryId: "q-1", question: "Which city?" };

function run(...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, INITIAL_CHAT_STATE);
}

describe("chatReducer", () => {
  it("streams content into one assistant message per turn", () => {
    const state = run(
      { type: "user_sent", text: "Weather?" },
      { type: "stream_event", event: { type: "content", text: "Let me " } },
      { type: "stream_event", event: { type: "content", text: "check." } },
    );
    expect(conversationOf(state.items)).toEqual([
      { role: "user", content: "Weather?" },
      { role: "assistant", content: "Let me check." },
    ]);
  });

  it("starts a new assistant message after a question card", () => {
    const state = run(
      { type: "stream_event", event: { type: "content", text: "a" } },
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      { type: "stream_event", event: { type: "content", text: "b" } },
    );
    expect(state.items.map((item) => item.kind)).toEqual(["assistant", "inquiry", "assistant"]);
  });

  it("closes a card on its inquiry_closed and keeps the first note", () => {
    const state = run(
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      {
        type: "stream_event",
        event: { type: "inquiry_closed", inquiryId: "q-1", status: "timeout" },
      },
      { type: "stream_ended" },
    );
    expect(state.items[0]).toMatchObject({ kind: "inquiry", closedNote: { key: "note.timedOut" } });
  });

  it("lets this device's own answer describe the outcome", () => {
    const state = run(
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      {
        type: "stream_event",
        event: { type: "inquiry_closed", inquiryId: "q-1", status: "answered" },
      },
      {
        type: "inquiry_settled",
        inquiryId: "q-1",
        note: { key: "note.answeredWith", params: { response: "Hangzhou" } },
      },
    );
    expect(state.items[0]).toMatchObject({
      closedNote: { key: "note.answeredWith", params: { response: "Hangzhou" } },
    });
  });

  it("never leaves a question open after its stream ended", () => {
    const state = run(
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      { type: "stream_ended" },
    );
    expect(state.items[0]).toMatchObject({ closedNote: { key: "note.stale" } });
  });

  it("ignores a repeated inquiry_opened and records errors", () => {
    const state = run(
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      { type: "stream_event", event: { type: "error", message: "boom" } },
    );
    expect(state.items.map((item) => item.kind)).toEqual(["inquiry", "error"]);
  });

  it("closes an open card when the hub withdraws it, naming the device", () => {
    const state = run(
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      {
        type: "inquiry_withdrawn",
        inquiryId: "q-1",
        note: { key: "note.answeredOn", params: { device: "Pixel 7" } },
      },
      {
        type: "stream_event",
        event: { type: "inquiry_closed", inquiryId: "q-1", status: "answered" },
      },
    );
    expect(state.items[0]).toMatchObject({
      closedNote: { key: "note.answeredOn", params: { device: "Pixel 7" } },
    });
  });

  it("lets the hub's note replace the stream's generic one, never this card's own", () => {
    const fromStream = run(
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      {
        type: "stream_event",
        event: { type: "inquiry_closed", inquiryId: "q-1", status: "answered" },
      },
      {
        type: "inquiry_withdrawn",
        inquiryId: "q-1",
        note: { key: "note.answeredOn", params: { device: "Pixel 7" } },
      },
    );
    expect(fromStream.items[0]).toMatchObject({
      closedNote: { key: "note.answeredOn", params: { device: "Pixel 7" } },
    });
    const fromCard = run(
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      {
        type: "inquiry_settled",
        inquiryId: "q-1",
        note: { key: "note.answeredWith", params: { response: "Hangzhou" } },
      },
      { type: "inquiry_withdrawn", inquiryId: "q-1", note: { key: "note.answeredHere" } },
    );
    expect(fromCard.items[0]).toMatchObject({
      closedNote: { key: "note.answeredWith", params: { response: "Hangzhou" } },
    });
  });

  it("ignores a withdrawal of an inquiry the chat does not show", () => {
    const state = run(
      { type: "stream_event", event: { type: "inquiry_opened", inquiry } },
      { type: "inquiry_withdrawn", inquiryId: "other", note: { key: "note.timedOut" } },
    );
    expect(state.items[0]).not.toHaveProperty("closedNote");
  });
});
