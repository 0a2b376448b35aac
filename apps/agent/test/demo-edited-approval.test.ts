import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseAgentSseData } from "@inquiry-hub/protocol";
import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MODEL_ID } from "../src/index";
import { startStack } from "./stack";
import type { Stack } from "./stack";

/**
 * The approval proxy forwards an approver's edit and returns the tool's own result, so the
 * model's history still holds the call as first asked. The demo agent's reply must say what
 * ran, which only the result tells.
 */
let stack: Stack;
let token: string;
let client: OpenAI;

beforeAll(async () => {
  stack = await startStack({}, {}, {}, { gateDemoTools: true });
  token = await stack.registerUser();
  client = stack.openai(await stack.mintRunCredential(token));
});

afterAll(async () => {
  await stack.close();
});

/** Sends one message, gives `decision` on the approval it opens, and returns the reply. */
async function chatDeciding(content: string, decision: unknown): Promise<string> {
  const stream = await client.chat.completions.create({
    model: DEMO_MODEL_ID,
    stream: true,
    messages: [{ role: "user", content }],
  });
  let text = "";
  for await (const chunk of stream) {
    const event = parseAgentSseData(JSON.stringify(chunk));
    if (event.type === "content") text += event.text;
    if (event.type === "inquiry_opened") {
      const response = await stack.answer(token, event.inquiry.inquiryId, decision);
      expect(response.status).toBe(200);
    }
  }
  return text;
}

describe("the demo agent after an approval", () => {
  it("names the file and content as asked when the call is approved unchanged", async () => {
    const text = await chatDeciding("write hello to plain.txt", { action: "approve" });
    expect(text).toBe('Saved the file plain.txt with the content "hello".');
  });

  it("reports what the edited call wrote, never the content first asked for", async () => {
    const edited = { path: "edited.txt", content: "hello, edited" };
    const text = await chatDeciding("write hello to asked.txt", { action: "edit", args: edited });
    expect(await readFile(path.join(stack.sandboxDir, "edited.txt"), "utf8")).toBe("hello, edited");
    expect(text).toBe(
      'The call was edited when it was approved, so this is what ran: I saved edited.txt instead of asked.txt with the content "hello, edited" (I had asked for "hello").',
    );
  });

  it("names an edit that kept the path and the size", async () => {
    const text = await chatDeciding("write hello to same.txt", {
      action: "edit",
      args: { path: "same.txt", content: "jello" },
    });
    expect(text).toBe(
      'The call was edited when it was approved, so this is what ran: I saved same.txt with the content "jello" (I had asked for "hello").',
    );
  });

  it("answers in Chinese for a Chinese request", async () => {
    const text = await chatDeciding("把 你好 写入 zh.txt", {
      action: "edit",
      args: { path: "zh.txt", content: "你好，世界" },
    });
    expect(text).toBe(
      "这次调用在批准时被修改了，实际执行的是：我保存了 zh.txt，内容为“你好，世界”（我原本请求的是“你好”）。",
    );
  });
});
