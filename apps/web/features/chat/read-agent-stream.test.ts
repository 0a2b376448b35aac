import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readAgentStream } from "./read-agent-stream";
import type { ChatStreamEvent } from "./read-agent-stream";

const FIXTURE = readFileSync(
  new URL("../../../../packages/protocol/fixtures/chunk-inquiry-established.sse", import.meta.url),
  "utf8",
);

function streamOf(...pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) {
        controller.enqueue(typeof piece === "string" ? encoder.encode(piece) : piece);
      }
      controller.close();
    },
  });
}

function contentChunk(text: string): string {
  return `data: ${JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
  })}\n\n`;
}

async function collect(body: ReadableStream<Uint8Array>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of readAgentStream(body)) events.push(event);
  return events;
}

describe("readAgentStream", () => {
  it("reads the established inquiry chunk (meta, progress 0.0, nulls, non-ASCII)", async () => {
    const events = await collect(streamOf(FIXTURE));
    expect(events).toEqual([
      {
        type: "inquiry_opened",
        inquiry: {
          type: "INQUIRY",
          inquiryId: "a4cecc76-2fb3-41bc-97ae-e809059ad68a",
          question: "明天北京天气如何？",
        },
        runId: "202d02d5-68cd-40d1-bd5f-0dc82751ba89",
      },
    ]);
  });

  it("yields content in order and stops at [DONE]", async () => {
    const events = await collect(
      streamOf(contentChunk("Hel"), contentChunk("lo"), "data: [DONE]\n\n", contentChunk("late")),
    );
    expect(events).toEqual([
      { type: "content", text: "Hel" },
      { type: "content", text: "lo" },
      { type: "done" },
    ]);
  });

  it("reassembles events split across reads, even inside a multi-byte character", async () => {
    const whole = new TextEncoder().encode(FIXTURE + contentChunk("城市") + "data: [DONE]\n\n");
    const pieces: Uint8Array[] = [];
    for (let start = 0; start < whole.length; start += 7)
      pieces.push(whole.slice(start, start + 7));
    const events = await collect(streamOf(...pieces));
    expect(events.map((event) => event.type)).toEqual(["inquiry_opened", "content", "done"]);
    expect(events[1]).toEqual({ type: "content", text: "城市" });
  });

  it("reports an error chunk and skips what it does not understand", async () => {
    const events = await collect(
      streamOf(
        ": keep-alive comment\n\n",
        'data: {"choices":[{"index":0,"delta":{"role":"assistant"}}]}\n\n',
        "data: not json\n\n",
        'data: {"error":{"message":"model overloaded"}}\n\n',
      ),
    );
    expect(events).toEqual([{ type: "error", message: "model overloaded" }]);
  });

  it("reads a closing notification and a last event without a trailing blank line", async () => {
    const closing = JSON.stringify({
      method: "notifications/progress",
      params: {
        progressToken: 1,
        progress: 1,
        _meta: { type: "INQUIRY_CLOSED", inquiryId: "a4cecc76", status: "answered" },
      },
      jsonrpc: "2.0",
    });
    const chunk = JSON.stringify({
      choices: [
        {
          index: 0,
          delta: { chatos_additional_data: { mcp_progress_notification_data: closing } },
        },
      ],
    });
    const events = await collect(streamOf(`data: ${chunk}\n\n`, "data: [DONE]"));
    expect(events).toEqual([
      { type: "inquiry_closed", inquiryId: "a4cecc76", status: "answered" },
      { type: "done" },
    ]);
  });

  it("returns quietly when the body ends without [DONE]", async () => {
    expect(await collect(streamOf(contentChunk("partial")))).toEqual([
      { type: "content", text: "partial" },
    ]);
  });

  it("throws when the body errors mid-stream", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(contentChunk("a")));
        controller.error(new Error("connection reset"));
      },
    });
    await expect(collect(body)).rejects.toThrow("connection reset");
  });
});
