import { parseAgentSseData } from "@inquiry-hub/protocol";
import type { AgentStreamEvent } from "@inquiry-hub/protocol";
import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MODEL_ID } from "../src/index";
import { startStack } from "./stack";
import type { Stack } from "./stack";

/**
 * The demo model reads the real demo tools' results (the forecast sentence, write_file's
 * "Wrote N bytes to …", execute_sql's rows) to reply in the person's language; these runs
 * hold it to the tools' actual wording, which its unit tests only copy.
 */
let stack: Stack;
let token: string;
let client: OpenAI;

beforeAll(async () => {
  stack = await startStack();
  token = await stack.registerUser();
  client = stack.openai(await stack.mintRunCredential(token));
});

afterAll(async () => {
  await stack.close();
});

/** Sends one message and reads the stream to the end, answering the question it opens. */
async function chat(content: string, answer?: string) {
  const stream = await client.chat.completions.create({
    model: DEMO_MODEL_ID,
    stream: true,
    messages: [{ role: "user", content }],
  });
  const events: AgentStreamEvent[] = [];
  let text = "";
  for await (const chunk of stream) {
    const event = parseAgentSseData(JSON.stringify(chunk));
    events.push(event);
    if (event.type === "content") text += event.text;
    if (event.type === "inquiry_opened" && answer !== undefined)
      await stack.answer(token, event.inquiry.inquiryId, { response: answer });
  }
  return { events, text };
}

describe("the demo agent in the person's language, over the real demo tools", () => {
  it("asks which city in Chinese and gives the forecast in Chinese", async () => {
    const { events, text } = await chat("明天天气怎么样？", "杭州");
    expect(events.find((event) => event.type === "inquiry_opened")).toMatchObject({
      inquiry: { type: "INQUIRY", question: "你想查哪个城市的天气？" },
    });
    expect(text).toMatch(/^明天杭州的天气：\S+，-?\d+–-?\d+ °C，风速 \d+ m\/s。$/u);
  });

  it("writes the file a Chinese request names and says what the tool wrote", async () => {
    const { text } = await chat("帮我在 notes.txt 里记一下：买牛奶");
    expect(text).toBe("已保存文件 notes.txt，内容为“买牛奶”。");
  });

  it("lists the notes table's rows from execute_sql", async () => {
    const { text } = await chat("show my notes");
    expect(text).toMatch(/^Found \d+ note\(s\):\n- #1 Buy oat milk \(2024-01-15\)/);
  });
});
