import { AgentChatRequestSchema, DEMO_MODEL_ID } from "@inquiry-hub/protocol";
import type { Turn } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { ChatRequestSchema, agentMessagesOf, toAgentRequestBody } from "./chat-request";

const TEXT = "Pick a colour for the logo";
const LINK = {
  conversationId: "6f1c2b8e-2d4f-4b7a-9c1e-3a5b7d9f1e2c",
  turnId: "0b8f7e6d-5c4b-4a3f-9e2d-1c0b9a8f7e6d",
};
const MESSAGES = agentMessagesOf([], TEXT);

function turn(text: string, reply: Turn["reply"]): Turn {
  return {
    id: LINK.turnId,
    text,
    sentAt: "2026-01-05T14:02:09.000Z",
    status: "completed",
    reply,
  };
}

describe("ChatRequestSchema", () => {
  it("refuses yolo: true with a message naming the field", () => {
    const parsed = ChatRequestSchema.safeParse({ text: TEXT, yolo: true });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["yolo"]);
    expect(parsed.error?.issues[0]?.message).toMatch(/^yolo: /);
  });

  it("accepts yolo: false (always ask in this chat) and passes it on to the agent", () => {
    const parsed = ChatRequestSchema.parse({ text: TEXT, yolo: false });
    expect(toAgentRequestBody(parsed, "m", MESSAGES, LINK)).toMatchObject({ yolo: false });
  });

  it("asks for a background run tied to its turn, with no yolo when the setting decides", () => {
    const parsed = ChatRequestSchema.parse({ text: TEXT, inquiryTimeout: 8 });
    expect(toAgentRequestBody(parsed, "m", MESSAGES, LINK)).toEqual({
      model: "m",
      stream: true,
      background: true,
      messages: [{ role: "user", content: TEXT }],
      metadata: { conversation_id: LINK.conversationId, turn_id: LINK.turnId },
      inquiry_timeout: 8,
    });
  });

  it("builds a body the agent's schema accepts as it is", () => {
    const parsed = ChatRequestSchema.parse({ text: TEXT, inquiryTimeout: 30, yolo: false });
    const agentBody = AgentChatRequestSchema.parse(
      toAgentRequestBody(parsed, DEMO_MODEL_ID, MESSAGES, LINK),
    );
    expect(agentBody).toMatchObject({ stream: true, background: true, inquiry_timeout: 30 });
  });

  it("refuses a yolo that is not a boolean, a blank message and a conversation id that is no UUID", () => {
    expect(ChatRequestSchema.safeParse({ text: TEXT, yolo: "1" }).success).toBe(false);
    expect(ChatRequestSchema.safeParse({ text: "   " }).success).toBe(false);
    expect(ChatRequestSchema.safeParse({ text: TEXT, conversationId: "c-1" }).success).toBe(false);
  });
});

describe("agentMessagesOf", () => {
  it("sends each earlier turn's message and reply text, then the new message", () => {
    const earlier = [
      turn("Weather?", [
        { type: "text", text: "Which " },
        { type: "inquiry", inquiryId: LINK.turnId },
        { type: "text", text: "Sunny in Hangzhou." },
      ]),
      turn("And Paris?", [{ type: "error", message: "model overloaded" }]),
    ];
    expect(agentMessagesOf(earlier, "Thanks")).toEqual([
      { role: "user", content: "Weather?" },
      { role: "assistant", content: "Which Sunny in Hangzhou." },
      { role: "user", content: "And Paris?" },
      { role: "user", content: "Thanks" },
    ]);
  });
});
