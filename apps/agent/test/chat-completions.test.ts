import {
  InquiryOpenedMetaSchema,
  ProgressNotificationSchema,
  parseAgentSseData,
} from "@inquiry-hub/protocol";
import type { AgentStreamEvent } from "@inquiry-hub/protocol";
import type OpenAI from "openai";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_MODEL_ID } from "../src/index";
import { readStreamUntilQuestion } from "./support/run-sse";
import { startStack } from "./stack";
import type { Stack } from "./stack";

let stack: Stack;
let token: string;
let client: OpenAI;

/** `token` is the person's (answers); the agent runs with a chat run's agent credential. */
beforeAll(async () => {
  stack = await startStack();
  token = await stack.registerUser();
  client = stack.openai(await stack.mintRunCredential(token));
});

afterAll(async () => {
  await stack.close();
});

type Stream = Awaited<ReturnType<typeof startStream>>;

function startStream(content: string) {
  return client.chat.completions.create({
    model: DEMO_MODEL_ID,
    stream: true,
    messages: [{ role: "user", content }],
  });
}

/** Reads a stream to the end, calling `onInquiry` for the forwarded inquiry. */
async function readStream(stream: Stream, onInquiry?: (inquiryId: string) => Promise<void>) {
  const events: AgentStreamEvent[] = [];
  let text = "";
  for await (const chunk of stream) {
    const event = parseAgentSseData(JSON.stringify(chunk));
    events.push(event);
    if (event.type === "content") text += event.text;
    if (event.type === "inquiry_opened") await onInquiry?.(event.inquiry.inquiryId);
  }
  return { events, text };
}

describe("agent over the official openai client", () => {
  it("lists the demo model", async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toContain(DEMO_MODEL_ID);
  });

  it("rejects a request without a bearer token with an OpenAI-style 401", async () => {
    const response = await fetch(new URL("/v1/chat/completions", stack.agentUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: DEMO_MODEL_ID, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: "authentication_error" } });
  });

  it("rejects an invalid body with 400 and a token the hub refuses with 401", async () => {
    await expect(
      client.chat.completions.create({ model: DEMO_MODEL_ID, messages: [] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      stack.openai("not-a-token").chat.completions.create({
        model: DEMO_MODEL_ID,
        messages: [{ role: "user", content: "hi" }],
      }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("refuses yolo: true with 400 naming the field: a request can only make the gate stricter", async () => {
    const response = await fetch(new URL("/v1/chat/completions", stack.agentUrl), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        model: DEMO_MODEL_ID,
        messages: [{ role: "user", content: "What's the weather tomorrow?" }],
        yolo: true,
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain("yolo: only false (always ask) is accepted");
  });

  it("asks which city, forwards the inquiry, and answers with the weather of the reply", async () => {
    let inquiryId = "";
    const { events, text } = await readStream(
      await startStream("What's the weather tomorrow?"),
      async (id) => {
        inquiryId = id;
        const response = await stack.answer(token, id, { response: "Hangzhou" });
        expect(response.status).toBe(200);
      },
    );
    const opened = events.find((event) => event.type === "inquiry_opened");
    expect(opened).toMatchObject({
      inquiry: { type: "INQUIRY", question: "Which city should I check the weather for?" },
    });
    expect(events).toContainEqual({ type: "inquiry_closed", inquiryId, status: "answered" });
    expect(text).toContain("Tomorrow in Hangzhou");
  });

  it("forwards the notification with both meta and _meta, honouring inquiry_timeout", async () => {
    const startedAt = Date.now();
    const stream = await client.chat.completions.create({
      model: DEMO_MODEL_ID,
      stream: true,
      messages: [{ role: "user", content: "Will it rain tomorrow?" }],
      inquiry_timeout: 30,
    } as ChatCompletionCreateParamsStreaming);
    let raw: string | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as {
        chatos_additional_data?: { mcp_progress_notification_data?: string };
      };
      const data = delta.chatos_additional_data?.mcp_progress_notification_data;
      if (raw === undefined && data !== undefined) {
        raw = data;
        const notification = ProgressNotificationSchema.parse(JSON.parse(data));
        const opened = InquiryOpenedMetaSchema.parse(notification.params.meta);
        const deadline = Date.parse(opened.expiresAt ?? "") - startedAt;
        expect(deadline).toBeGreaterThan(25_000);
        expect(deadline).toBeLessThan(35_000);
        expect(notification).toMatchObject({ method: "notifications/progress", jsonrpc: "2.0" });
        expect(notification.params._meta).toEqual(notification.params.meta);
        expect(chunk).toMatchObject({
          object: "chat.completion.chunk",
          agent_info: { name: "Inquiry Hub demo agent" },
        });
        await stack.answer(token, opened.inquiryId, { action: "timeout" });
      }
    }
    expect(raw).toBeDefined();
  });

  it("answers directly, without an inquiry, when the city is named", async () => {
    const { events, text } = await readStream(
      await startStream("What's the weather in Paris tomorrow?"),
    );
    expect(events.some((event) => event.type === "inquiry_opened")).toBe(false);
    expect(text).toContain("Tomorrow in Paris");
  });

  it("returns a chat.completion when not streaming", async () => {
    const completion = await client.chat.completions.create({
      model: DEMO_MODEL_ID,
      messages: [{ role: "user", content: "forecast for Berlin" }],
    });
    expect(completion.object).toBe("chat.completion");
    expect(completion.choices[0]?.message.content).toContain("Berlin");
  });

  it("says so when the person declines", async () => {
    const { text } = await readStream(await startStream("Is it going to rain?"), async (id) => {
      await stack.answer(token, id, { action: "reject" });
    });
    expect(text).toMatch(/^You chose not to say which city/);
  });

  it("says no answer came when the question times out", async () => {
    const { text } = await readStream(
      await startStream("What's the temperature tomorrow?"),
      async (id) => {
        await stack.answer(token, id, { action: "timeout" });
      },
    );
    expect(text).toMatch(/^No answer came in time/);
  });

  it("cancels the inquiry when the client disconnects", async () => {
    const stream = await startStream("What's the weather like tomorrow?");
    const id = await readStreamUntilQuestion(stream);
    stream.controller.abort();
    await vi.waitFor(
      async () => expect((await stack.getInquiry(token, id)).status).toBe("cancelled"),
      {
        timeout: 5_000,
        interval: 50,
      },
    );
  });
});
