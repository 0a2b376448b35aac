import { parseAgentSseData } from "@inquiry-hub/protocol";
import type { AgentStreamEvent } from "@inquiry-hub/protocol";
import type OpenAI from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_SYSTEM_PROMPT, DEMO_MODEL_ID } from "../src/index";
import { turnChunks } from "./support/chunks";
import type { ScriptedTurn } from "./support/chunks";
import { startFakeOpenAi } from "./support/fake-openai-server";
import type { FakeOpenAi, ReceivedRequest, ScriptedReply } from "./support/fake-openai-server";
import { startStack } from "./stack";
import type { Stack } from "./stack";

const MODEL = "gpt-test";
const UPSTREAM_KEY = "sk-upstream-test";

let upstream: FakeOpenAi;
let stack: Stack;
let token: string;
let client: OpenAI;

beforeAll(async () => {
  upstream = await startFakeOpenAi();
  stack = await startStack({
    openai: { baseURL: upstream.baseURL, apiKey: UPSTREAM_KEY, model: MODEL, maxRetries: 0 },
  });
  token = await stack.registerUser();
  client = stack.openai(token);
});

afterAll(async () => {
  await stack.close();
  await upstream.close();
});

function stream(turn: ScriptedTurn): ScriptedReply {
  return { type: "stream", chunks: turnChunks(turn) };
}

function textOf(message: ChatCompletionMessageParam | undefined): string {
  return typeof message?.content === "string" ? message.content : "";
}

/** The model's turn after a tool result: answers by quoting every result it received. */
function quoteToolResults(request: ReceivedRequest): ScriptedReply {
  const results = request.body.messages.filter((message) => message.role === "tool");
  return stream({ text: `Results: ${results.map(textOf).join(" | ")}` });
}

function ask(content: string) {
  return client.chat.completions.create({
    model: MODEL,
    stream: true,
    messages: [{ role: "user", content }],
  });
}

/** Reads a stream to the end, calling `onInquiry` for each forwarded inquiry. */
async function readStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
  onInquiry?: (inquiryId: string) => Promise<void>,
) {
  const events: AgentStreamEvent[] = [];
  let text = "";
  let last: ChatCompletionChunk | undefined;
  for await (const chunk of chunks) {
    last = chunk;
    const event = parseAgentSseData(JSON.stringify(chunk));
    events.push(event);
    if (event.type === "content") text += event.text;
    if (event.type === "inquiry_opened") await onInquiry?.(event.inquiry.inquiryId);
  }
  return { events, text, last };
}

describe("an OpenAI-compatible upstream model", () => {
  it("is listed first, next to the demo model", async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual([MODEL, DEMO_MODEL_ID]);
  });

  it("asks through send_inquiry, then checks the weather of the human's reply", async () => {
    upstream.script((request) => {
      const last = request.body.messages.at(-1);
      if (last?.role === "user") {
        return stream({
          text: "Let me ask you first.",
          calls: [{ id: "call_ask", name: "send_inquiry", arguments: { prompt: "Which city?" } }],
        });
      }
      if (last?.role === "tool" && last.tool_call_id === "call_ask") {
        return stream({
          calls: [{ id: "call_weather", name: "get_weather", arguments: { city: textOf(last) } }],
        });
      }
      return quoteToolResults(request);
    });

    let inquiryId = "";
    const { events, text } = await readStream(
      await ask("What's the weather tomorrow?"),
      async (id) => {
        inquiryId = id;
        expect((await stack.answer(token, id, { response: "Hangzhou" })).status).toBe(200);
      },
    );

    expect(events.find((event) => event.type === "inquiry_opened")).toMatchObject({
      inquiry: { type: "INQUIRY", question: "Which city?" },
    });
    expect(events).toContainEqual({ type: "inquiry_closed", inquiryId, status: "answered" });
    expect(text).toMatch(/^Let me ask you first\.Results: Hangzhou \| Tomorrow in Hangzhou/);

    const [first, second, third] = upstream.requests;
    expect(upstream.requests).toHaveLength(3);
    expect(first).toMatchObject({
      authorization: `Bearer ${UPSTREAM_KEY}`,
      body: { model: MODEL, stream: true, stream_options: { include_usage: true } },
    });
    expect(first?.body.messages[0]).toEqual({ role: "system", content: DEFAULT_SYSTEM_PROMPT });
    const offered = first?.body.tools?.map(
      (tool) => tool.type === "function" && tool.function.name,
    );
    expect(offered).toEqual(expect.arrayContaining(["send_inquiry", "get_weather"]) as unknown);
    // The hub's bridge-only tool stays off the model's list: this agent's gate is the proxy.
    expect(offered).not.toContain("request_approval");
    expect(second?.body.messages.slice(-2)).toEqual([
      {
        role: "assistant",
        content: "Let me ask you first.",
        tool_calls: [
          {
            id: "call_ask",
            type: "function",
            function: { name: "send_inquiry", arguments: '{"prompt":"Which city?"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_ask", content: "Hangzhou" },
    ]);
    expect(third?.body.messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_weather",
      content: expect.stringMatching(/^Tomorrow in Hangzhou/) as unknown,
    });
  });

  it("runs two parallel tool calls of one turn and sends both results back", async () => {
    upstream.script((request) =>
      request.body.messages.at(-1)?.role === "user"
        ? stream({
            calls: [
              { id: "call_paris", name: "get_weather", arguments: { city: "Paris" } },
              { id: "call_berlin", name: "get_weather", arguments: { city: "Berlin" } },
            ],
          })
        : quoteToolResults(request),
    );

    const { text } = await readStream(await ask("Weather in Paris and Berlin?"));

    expect(upstream.requests).toHaveLength(2);
    const [assistant, ...results] = upstream.requests[1]?.body.messages.slice(-3) ?? [];
    expect(assistant).toMatchObject({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_paris", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
        { id: "call_berlin", function: { name: "get_weather", arguments: '{"city":"Berlin"}' } },
      ],
    });
    expect(
      results.map((message) => [message.role === "tool" && message.tool_call_id, textOf(message)]),
    ).toEqual([
      ["call_paris", expect.stringMatching(/^Tomorrow in Paris/) as unknown],
      ["call_berlin", expect.stringMatching(/^Tomorrow in Berlin/) as unknown],
    ]);
    expect(text).toMatch(/^Results: Tomorrow in Paris.* \| Tomorrow in Berlin/);
  });

  it("passes usage through, summed over the steps, in the final chunk", async () => {
    upstream.script((request) =>
      request.body.messages.at(-1)?.role === "user"
        ? stream({
            calls: [{ id: "call_oslo", name: "get_weather", arguments: { city: "Oslo" } }],
            usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
          })
        : stream({
            text: "Cold.",
            usage: { prompt_tokens: 150, completion_tokens: 5, total_tokens: 155 },
          }),
    );
    const expected = { prompt_tokens: 250, completion_tokens: 25, total_tokens: 275 };

    const { last } = await readStream(await ask("Weather in Oslo?"));
    expect(last).toMatchObject({ choices: [{ finish_reason: "stop" }], usage: expected });

    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "Weather in Oslo?" }],
    });
    expect(completion.usage).toEqual(expected);
  });
});

describe("upstream failures reach the chat client", () => {
  it.each([
    [429, "Rate limit reached for gpt-test", 429],
    [401, "Incorrect API key provided", 502],
    [503, "The server is overloaded", 502],
  ])("an upstream %i before any chunk is an HTTP error", async (status, message, answered) => {
    upstream.script(() => ({ type: "error", status, message, headers: { "retry-after": "3" } }));
    const error: unknown = await ask("hi").catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: answered,
      message: expect.stringContaining(
        `upstream model "${MODEL}": ${status} ${message}`,
      ) as unknown,
    });
    if (status === 429) {
      expect((error as { headers: Headers }).headers.get("retry-after")).toBe("3");
    }
  });

  it.each([
    ["disconnect", /upstream model "gpt-test": the stream broke off/],
    ["truncate", /upstream model "gpt-test": the stream ended before the model finished/],
  ] as const)("a mid-stream %s is an error event after the content", async (ending, message) => {
    upstream.script(() => ({
      type: "stream",
      chunks: turnChunks({ text: "The forecast for" }).slice(0, 3),
      ending,
    }));
    const chunks = await ask("Weather in Rome?");
    let text = "";
    const read = async (): Promise<void> => {
      for await (const chunk of chunks) text += chunk.choices[0]?.delta.content ?? "";
    };
    await expect(read()).rejects.toThrow(message);
    expect(text).toBe("The forecast ");
  });

  it("a client disconnect aborts the upstream request", async () => {
    upstream.script(() => ({
      type: "stream",
      chunks: turnChunks({ text: "Thinking about it" }).slice(0, 2),
      ending: "hang",
    }));
    const chunks = await ask("Think hard.");
    for await (const chunk of chunks) {
      if (chunk.choices[0]?.delta.content) {
        chunks.controller.abort();
        break;
      }
    }
    await vi.waitFor(() => expect(upstream.abortedRequests).toBe(1), {
      timeout: 5_000,
      interval: 20,
    });
    expect(upstream.requests).toHaveLength(1);
  });
});
