import { parseAgentSseData } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelProvider } from "../src/index";
import { startStack } from "./stack";
import type { Stack } from "./stack";

const BROKEN_MODEL_ID = "broken-model";

/** A provider that streams one delta and then fails, like an upstream API dropping out. */
const brokenModel: ModelProvider = {
  id: BROKEN_MODEL_ID,
  async *generate() {
    yield { type: "content", text: "Starting… " };
    await Promise.resolve();
    throw new Error("upstream model went away");
  },
};

/** A provider that never stops calling tools, to prove the step limit. */
const loopingModel: ModelProvider = {
  id: "looping-model",
  async *generate(request) {
    await Promise.resolve();
    yield {
      type: "tool_call",
      call: {
        id: `call_${request.messages.length}`,
        type: "function",
        function: { name: "get_weather", arguments: JSON.stringify({ city: "Oslo" }) },
      },
    };
  },
};

let stack: Stack;
let token: string;

beforeAll(async () => {
  stack = await startStack({ models: [brokenModel, loopingModel] });
  token = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
});

async function rawStream(model: string): Promise<string[]> {
  const response = await fetch(new URL("/v1/chat/completions", stack.agentUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ model, stream: true, messages: [{ role: "user", content: "hi" }] }),
  });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const body = await response.text();
  return body
    .split("\n\n")
    .filter((event) => event.startsWith("data: "))
    .map((event) => event.slice("data: ".length));
}

describe("errors after the stream started", () => {
  it("end with an error event and [DONE], never a silent stop", async () => {
    const data = await rawStream(BROKEN_MODEL_ID);
    const events = data.map(parseAgentSseData);
    expect(events).toContainEqual({ type: "content", text: "Starting… " });
    expect(events.at(-2)).toEqual({ type: "error", message: "upstream model went away" });
    expect(events.at(-1)).toEqual({ type: "done" });
  });

  it("surface through the openai client as an error", async () => {
    const stream = await stack.openai(token).chat.completions.create({
      model: BROKEN_MODEL_ID,
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    });
    const read = async (): Promise<void> => {
      for await (const chunk of stream) expect(chunk).toBeDefined();
    };
    await expect(read()).rejects.toThrow(/upstream model went away/);
  });
});

describe("errors before the first chunk", () => {
  it("are plain HTTP errors, e.g. the step limit", async () => {
    const response = await fetch(new URL("/v1/chat/completions", stack.agentUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "looping-model",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      error: { code: "run_failed", message: expect.stringMatching(/after 8 steps/) as unknown },
    });
  });

  it("unknown models get an OpenAI-style 404", async () => {
    await expect(
      stack.openai(token).chat.completions.create({
        model: "gpt-nope",
        messages: [{ role: "user", content: "hi" }],
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
