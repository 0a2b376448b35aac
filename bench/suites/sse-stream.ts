import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { DEMO_MODEL_ID } from "@inquiry-hub/protocol";

const FIXTURE = new URL(
  "../../packages/protocol/fixtures/chunk-inquiry-established.sse",
  import.meta.url,
);
const RECORDED_INQUIRY_ID = "a4cecc76-2fb3-41bc-97ae-e809059ad68a";
/** One forwarded notification per this many chunks: a chat that asks now and then. */
const INQUIRY_EVERY = 50;
/** Size of the pieces the stream is fed in, like reads from a socket. */
const READ_SIZE = 4096;
const WORDS = "The weather in Beijing tomorrow will be sunny with a light breeze, 明天 晴朗 ".split(
  " ",
);

/** A synthetic agent SSE stream plus how it is cut into network reads. */
export interface SseStream {
  reads: string[];
  chunks: number;
  bytes: number;
}

function contentChunk(index: number): string {
  return JSON.stringify({
    id: "chatcmpl-202d02d5-68cd-40d1-bd5f-0dc82751ba89",
    object: "chat.completion.chunk",
    created: 1756272472,
    model: DEMO_MODEL_ID,
    choices: [
      { index: 0, delta: { content: `${WORDS[index % WORDS.length]} ` }, finish_reason: null },
    ],
    agent_info: { name: "Tool Calling Agent", run_id: "202d02d5-68cd-40d1-bd5f-0dc82751ba89" },
  });
}

/**
 * Builds a stream of `chunkCount` SSE events: content deltas as the agent streams them, and
 * every 50th the recorded inquiry chunk from packages/protocol/fixtures (byte for byte, with a
 * fresh inquiry id each time), ending with `[DONE]`.
 */
export function buildSseStream(chunkCount: number): SseStream {
  const recorded = readFileSync(FIXTURE, "utf8")
    .trim()
    .replace(/^data: /, "");
  const events: string[] = [];
  for (let index = 0; index < chunkCount - 1; index += 1) {
    const data =
      index % INQUIRY_EVERY === INQUIRY_EVERY - 1
        ? recorded.replace(RECORDED_INQUIRY_ID, randomUUID())
        : contentChunk(index);
    events.push(`data: ${data}\n\n`);
  }
  events.push("data: [DONE]\n\n");
  const text = events.join("");
  const reads: string[] = [];
  for (let offset = 0; offset < text.length; offset += READ_SIZE)
    reads.push(text.slice(offset, offset + READ_SIZE));
  return { reads, chunks: events.length, bytes: Buffer.byteLength(text) };
}
