import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseAgentSseData } from "./agent-stream-event";
import { chunkCarrying } from "./test-chunks";

const fixturesDir = fileURLToPath(new URL("../../fixtures/", import.meta.url));

function sseData(event: string): string {
  return event
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice("data:".length).replace(/^ /, ""))
    .join("\n");
}

/** A chunk relaying `notification` from a named agent's run. */
const fromAgent = (notification: unknown): string =>
  chunkCarrying(notification, { agent_info: { name: "agent", run_id: "run-1" } });

const inquiryMeta = {
  type: "INQUIRY",
  inquiryId: "6f0c2a4e-8a8f-4a53-9d51-0c1f5d1b1a11",
  question: "Which city?",
};

describe("parseAgentSseData", () => {
  it("accepts the recorded chunk fixture unchanged", () => {
    const data = sseData(readFileSync(`${fixturesDir}chunk-inquiry-established.sse`, "utf8"));
    expect(parseAgentSseData(data)).toEqual({
      type: "inquiry_opened",
      runId: "202d02d5-68cd-40d1-bd5f-0dc82751ba89",
      inquiry: expect.objectContaining({
        type: "INQUIRY",
        inquiryId: "a4cecc76-2fb3-41bc-97ae-e809059ad68a",
        question: "明天北京天气如何？",
      }) as unknown,
    });
  });

  it("accepts the recorded notification fixture forwarded inside a chunk", () => {
    const notification: unknown = JSON.parse(
      readFileSync(`${fixturesDir}notification-inquiry-established.json`, "utf8"),
    );
    const event = parseAgentSseData(fromAgent(notification));
    expect(event).toMatchObject({
      type: "inquiry_opened",
      inquiry: { question: "明天北京天气如何？" },
    });
  });

  it.each([
    ["meta only", { meta: inquiryMeta }],
    ["_meta only", { _meta: inquiryMeta }],
    ["both", { meta: inquiryMeta, _meta: inquiryMeta }],
    ["null total and message", { meta: inquiryMeta, total: null, message: null }],
    ["unknown extra keys", { meta: { ...inquiryMeta, colour: "blue" }, extra: [1, 2] }],
  ])("reads an inquiry from %s", (_name, params) => {
    const event = parseAgentSseData(
      fromAgent({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: 7, progress: 0, ...params },
      }),
    );
    expect(event).toMatchObject({ type: "inquiry_opened", inquiry: inquiryMeta, runId: "run-1" });
  });

  it("reads progress written as 0.0 in the raw JSON", () => {
    const raw = `{"method":"notifications/progress","params":{"progressToken":"t","progress":0.0,"_meta":${JSON.stringify(inquiryMeta)}},"jsonrpc":"2.0"}`;
    const chunk = JSON.stringify({
      choices: [{ delta: { chatos_additional_data: { mcp_progress_notification_data: raw } } }],
    });
    expect(parseAgentSseData(chunk)).toMatchObject({ type: "inquiry_opened" });
  });

  it("reads a closing frame", () => {
    const event = parseAgentSseData(
      fromAgent({
        method: "notifications/progress",
        params: {
          progressToken: 1,
          progress: 3,
          _meta: { type: "INQUIRY_CLOSED", inquiryId: inquiryMeta.inquiryId, status: "answered" },
        },
      }),
    );
    expect(event).toEqual({
      type: "inquiry_closed",
      inquiryId: inquiryMeta.inquiryId,
      status: "answered",
    });
  });

  it("reads content deltas, errors and the end of the stream", () => {
    const content = JSON.stringify({ choices: [{ index: 0, delta: { content: "Hello" } }] });
    expect(parseAgentSseData(content)).toEqual({ type: "content", text: "Hello" });
    expect(parseAgentSseData(" [DONE] ")).toEqual({ type: "done" });
    expect(parseAgentSseData('{"error":{"message":"rate limited"}}')).toEqual({
      type: "error",
      message: "rate limited",
    });
  });

  it.each([
    ["not JSON", "{nope"],
    ["empty", ""],
    ["a number", "42"],
    ["null", "null"],
    ["a chunk without choices", "{}"],
    ["a role-only delta", JSON.stringify({ choices: [{ delta: { role: "assistant" } }] })],
    [
      "a heartbeat",
      fromAgent({
        method: "notifications/progress",
        params: {
          progressToken: 1,
          progress: 2,
          _meta: { type: "INQUIRY_HEARTBEAT", inquiryId: "x" },
        },
      }),
    ],
    [
      "a plain progress frame",
      fromAgent({
        method: "notifications/progress",
        params: { progressToken: 1, progress: 0.5 },
      }),
    ],
    [
      "an unknown inquiry type",
      fromAgent({
        method: "notifications/progress",
        params: { progressToken: 1, progress: 0, meta: { type: "SOMETHING", inquiryId: "x" } },
      }),
    ],
    [
      "a notification that is not JSON",
      JSON.stringify({
        choices: [{ delta: { chatos_additional_data: { mcp_progress_notification_data: "{" } } }],
      }),
    ],
    ["another method", fromAgent({ method: "notifications/message", params: { level: "info" } })],
  ])("ignores %s without throwing", (_name, data) => {
    expect(parseAgentSseData(data)).toEqual({ type: "ignored" });
  });
});
