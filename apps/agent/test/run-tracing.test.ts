import { HUB_SPAN_ATTRIBUTES, HUB_SPAN_NAMES, createOtelInquiryTracing } from "@inquiry-hub/hub";
import { parseAgentSseData } from "@inquiry-hub/protocol";
import { SpanKind } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MODEL_ID } from "../src/index";
import { AGENT_SPAN_NAMES } from "../src/tracing/run-tracing";
import { startStack } from "./stack";
import type { Stack } from "./stack";

/** The agent's and the hub's spans, collected in this process. */
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });

function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((span) => span.name === name);
  expect(found, name).toHaveLength(1);
  return found[0] as ReadableSpan;
}

/**
 * The real agent (demo model, tool loop, MCP client) on a real hub: the run's span is the
 * root; each tool call is its client span, and the hub parents its server span on the context
 * the agent sent with the call.
 */
describe("an agent run's trace", () => {
  let stack: Stack;
  let personToken: string;

  beforeAll(async () => {
    stack = await startStack(
      { tracerProvider: provider },
      { tracing: createOtelInquiryTracing(provider, "hub-1") },
    );
    personToken = await stack.registerUser();
  });
  afterAll(() => stack.close());

  it("joins chat run, tool calls and the hub's inquiry spans in one trace", async () => {
    const client = stack.openai(await stack.mintRunCredential(personToken));
    const stream = await client.chat.completions.create({
      model: DEMO_MODEL_ID,
      stream: true,
      messages: [{ role: "user", content: "What's the weather tomorrow?" }],
    });
    let text = "";
    for await (const chunk of stream) {
      const event = parseAgentSseData(JSON.stringify(chunk));
      if (event.type === "content") text += event.text;
      if (event.type === "inquiry_opened")
        expect(
          (await stack.answer(personToken, event.inquiry.inquiryId, { response: "Oslo" })).status,
        ).toBe(200);
    }
    expect(text).toContain("Oslo");

    await expect
      .poll(() => exporter.getFinishedSpans().some((s) => s.name === "chat run"))
      .toBe(true);
    const spans = exporter.getFinishedSpans();
    const run = only(spans, AGENT_SPAN_NAMES.run);
    const asked = only(spans, AGENT_SPAN_NAMES.toolCall("send_inquiry"));
    const weather = only(spans, AGENT_SPAN_NAMES.toolCall("get_weather"));
    const server = only(spans, HUB_SPAN_NAMES.toolCall("send_inquiry"));
    const answer = only(spans, HUB_SPAN_NAMES.answer);

    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(
      new Set([run.spanContext().traceId]),
    );
    expect(run.parentSpanContext).toBeUndefined();
    for (const call of [asked, weather]) {
      expect(call.kind).toBe(SpanKind.CLIENT);
      expect(call.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
    }
    expect(server.parentSpanContext?.spanId).toBe(asked.spanContext().spanId);
    expect(answer.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    expect(answer.attributes[HUB_SPAN_ATTRIBUTES.outcome]).toBe("answered");
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain("Oslo");
  });
});
