import { describe, expect, it } from "vitest";
import { MAX_REPLY_PARTS, MAX_REPLY_TEXT, ReplyPartSchema } from "../hub-http";
import { replyPartsFromEvents, replyPartsFromSseData } from "./reply-parts";
import { chunkCarrying, chunkWithDelta } from "./test-chunks";

const INQUIRY_ID = "0b6f3c52-3a4e-4c1e-9a57-1d4f8f2a9c10";

const contentChunk = (text: string): string => chunkWithDelta({ content: text });

const progressChunk = (meta: Record<string, unknown>): string =>
  chunkCarrying({
    jsonrpc: "2.0",
    method: "notifications/progress",
    params: { progressToken: 1, progress: 0, meta },
  });

const opened = progressChunk({
  type: "INQUIRY",
  inquiryId: INQUIRY_ID,
  question: "Which city?",
  expiresAt: "2030-01-01T00:00:00.000Z",
});
const closed = progressChunk({ type: "INQUIRY_CLOSED", inquiryId: INQUIRY_ID, status: "answered" });

describe("replyPartsFromSseData", () => {
  it("merges adjacent text and keeps the question where the stream opened it", () => {
    const parts = replyPartsFromSseData([
      contentChunk("Let me "),
      contentChunk("ask."),
      opened,
      closed,
      contentChunk("Oslo: "),
      contentChunk("sunny."),
      "[DONE]",
    ]);
    expect(parts).toEqual([
      { type: "text", text: "Let me ask." },
      { type: "inquiry", inquiryId: INQUIRY_ID },
      { type: "text", text: "Oslo: sunny." },
    ]);
  });

  it("lists a question re-announced by a resumed run once", () => {
    expect(replyPartsFromSseData([opened, opened, contentChunk("ok")])).toEqual([
      { type: "inquiry", inquiryId: INQUIRY_ID },
      { type: "text", text: "ok" },
    ]);
  });

  it("ends with an error part for a stream error event", () => {
    const error = JSON.stringify({ error: { message: "upstream went away", type: "api_error" } });
    expect(replyPartsFromSseData([contentChunk("Start "), error, "[DONE]"])).toEqual([
      { type: "text", text: "Start " },
      { type: "error", message: "upstream went away" },
    ]);
  });

  it("returns no parts for a stream without content", () => {
    expect(replyPartsFromSseData(["[DONE]", "not json", contentChunk("")])).toEqual([]);
  });
});

describe("replyPartsFromEvents", () => {
  it("stays within the reply bounds and the part schema", () => {
    const long = "x".repeat(MAX_REPLY_TEXT - 1);
    const parts = replyPartsFromEvents([
      { type: "content", text: long },
      { type: "content", text: "yz" },
      ...Array.from({ length: MAX_REPLY_PARTS + 5 }, () => ({
        type: "error" as const,
        message: "e".repeat(3_000),
      })),
    ]);
    expect(parts).toHaveLength(MAX_REPLY_PARTS);
    expect(parts[0]).toEqual({ type: "text", text: `${long}y` });
    for (const part of parts) expect(ReplyPartSchema.safeParse(part).success).toBe(true);
  });
});
