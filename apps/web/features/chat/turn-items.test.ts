import type { Turn } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { INITIAL_CHAT_STATE, chatReducer } from "./chat-state";
import { conversationItems, runningTurnOf, turnsToItems } from "./turn-items";

const INQUIRY_ID = "a4cecc76-2fb3-41bc-97ae-e809059ad68a";

function turn(id: string, status: Turn["status"], reply: Turn["reply"] = [], runId?: string): Turn {
  return {
    id,
    text: `message ${id}`,
    sentAt: "2026-01-05T14:02:09.000Z",
    status,
    reply,
    ...(runId === undefined ? {} : { runId }),
  };
}

describe("turnsToItems", () => {
  it("shows each final turn's message and reply parts in order, and a note when stopped", () => {
    const items = turnsToItems([
      turn("t1", "completed", [
        { type: "text", text: "Which city?" },
        { type: "inquiry", inquiryId: INQUIRY_ID },
        { type: "error", message: "boom" },
      ]),
      turn("t2", "cancelled"),
    ]);
    expect(items.map((item) => item.kind)).toEqual([
      "user",
      "assistant",
      "stored-inquiry",
      "error",
      "user",
      "stopped",
    ]);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });

  it("shows only the message of a turn still running, whose reply is the live run's", () => {
    const turns = [turn("t1", "completed"), turn("t2", "running", [], "run-2")];
    expect(turnsToItems(turns).map((item) => item.kind)).toEqual(["user", "user"]);
    expect(runningTurnOf(turns)?.runId).toBe("run-2");
    expect(runningTurnOf([turn("t1", "failed")])).toBeUndefined();
  });
});

describe("conversationItems", () => {
  const live = [
    { type: "sent" as const, text: "message t2" },
    { type: "accepted" as const, turnId: "t2", runId: "run-2" },
    {
      type: "stream_event" as const,
      event: { type: "content" as const, text: "Sunny" },
      eventId: 1,
    },
  ].reduce(chatReducer, INITIAL_CHAT_STATE);

  it("shows the sent message until the hub has the turn, then the hub's copy once", () => {
    expect(conversationItems([], live).map((item) => item.kind)).toEqual(["user", "assistant"]);
    const stored = conversationItems([turn("t2", "running", [], "run-2")], live);
    expect(stored.filter((item) => item.kind === "user")).toHaveLength(1);
  });

  it("lets the stored final reply replace the live one", () => {
    const final = turn("t2", "completed", [{ type: "text", text: "Sunny all day" }]);
    expect(conversationItems([final], live)).toMatchObject([
      { kind: "user" },
      { kind: "assistant", text: "Sunny all day" },
    ]);
  });
});
