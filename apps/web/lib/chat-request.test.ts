import { AgentChatRequestSchema, DEMO_MODEL_ID } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { ChatRequestSchema, toAgentRequestBody } from "./chat-request";

const MESSAGES = [{ role: "user", content: "Pick a colour for the logo" }];

describe("ChatRequestSchema", () => {
  it("refuses yolo: true with a message naming the field", () => {
    const parsed = ChatRequestSchema.safeParse({ messages: MESSAGES, yolo: true });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["yolo"]);
    expect(parsed.error?.issues[0]?.message).toMatch(/^yolo: /);
  });

  it("accepts yolo: false (always ask in this chat) and passes it on to the agent", () => {
    const parsed = ChatRequestSchema.parse({ messages: MESSAGES, yolo: false });
    expect(toAgentRequestBody(parsed, "m")).toMatchObject({ yolo: false });
  });

  it("sends no yolo at all when the chat leaves it to the person's setting", () => {
    const parsed = ChatRequestSchema.parse({ messages: MESSAGES, inquiryTimeout: 8 });
    expect(toAgentRequestBody(parsed, "m")).toEqual({
      model: "m",
      stream: true,
      messages: MESSAGES,
      inquiry_timeout: 8,
    });
  });

  it("builds a body the agent's schema accepts as it is", () => {
    const parsed = ChatRequestSchema.parse({ messages: MESSAGES, inquiryTimeout: 30, yolo: false });
    const agentBody = AgentChatRequestSchema.parse(toAgentRequestBody(parsed, DEMO_MODEL_ID));
    expect(agentBody).toMatchObject({ stream: true, inquiry_timeout: 30, yolo: false });
  });

  it("refuses a yolo that is not a boolean", () => {
    expect(ChatRequestSchema.safeParse({ messages: MESSAGES, yolo: "1" }).success).toBe(false);
  });
});
