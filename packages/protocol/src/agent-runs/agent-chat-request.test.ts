import { describe, expect, it } from "vitest";
import { AgentChatRequestSchema, DEMO_MODEL_ID } from "./agent-chat-request";
import type { AgentChatRequestBody } from "./agent-chat-request";

const body: AgentChatRequestBody = {
  model: DEMO_MODEL_ID,
  messages: [{ role: "user", content: "Will it rain tomorrow?" }],
};

describe("AgentChatRequestSchema", () => {
  it("keeps unknown OpenAI options and reads an absent stream as false", () => {
    const parsed = AgentChatRequestSchema.parse({ ...body, temperature: 0.2 });
    expect(parsed).toMatchObject({ stream: false, temperature: 0.2 });
  });

  it("flattens content parts to their text", () => {
    const parsed = AgentChatRequestSchema.parse({
      ...body,
      messages: [{ role: "user", content: [{ type: "text", text: "a" }, { type: "image" }] }],
    });
    expect(parsed.messages[0]).toEqual({ role: "user", content: "a" });
  });

  it("refuses yolo: true, naming the field and why", () => {
    const parsed = AgentChatRequestSchema.safeParse({ ...body, yolo: true });
    expect(parsed.error?.issues[0]?.path).toEqual(["yolo"]);
    expect(parsed.error?.issues[0]?.message).toMatch(/^only false \(always ask\) is accepted/);
  });

  it("accepts yolo: false and a whole-second inquiry_timeout up to a day", () => {
    expect(
      AgentChatRequestSchema.safeParse({ ...body, yolo: false, inquiry_timeout: 86_400 }).success,
    ).toBe(true);
    expect(AgentChatRequestSchema.safeParse({ ...body, inquiry_timeout: 86_401 }).success).toBe(
      false,
    );
    expect(AgentChatRequestSchema.safeParse({ ...body, inquiry_timeout: 2.5 }).success).toBe(false);
  });
});
