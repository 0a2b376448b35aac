import { randomUUID } from "node:crypto";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { openInquiry } from "../inquiry-machine";
import { HUB_SPAN_NAMES, createOtelInquiryTracing } from "./otel-inquiry-tracing";

const PARENT_TRACE = "0af7651916cd43dd8448eb211c80319c";
const PARENT_SPAN = "b7ad6b7169203331";
const VALID = `00-${PARENT_TRACE}-${PARENT_SPAN}-01`;

function tracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  return { exporter, tracing: createOtelInquiryTracing(provider, "node-1") };
}

describe("tool call spans", () => {
  it("takes the first valid carrier: _meta before the HTTP headers", () => {
    const { exporter, tracing: traced } = tracing();
    const headerParent = `00-${"1".repeat(32)}-${"2".repeat(16)}-01`;
    traced
      .startToolCall("send_inquiry", [{ traceparent: VALID }, { traceparent: headerParent }])
      .end();
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(PARENT_TRACE);
    expect(span?.parentSpanContext?.spanId).toBe(PARENT_SPAN);
  });

  it("ignores a malformed _meta traceparent: the header's parent, else a new root", () => {
    const { exporter, tracing: traced } = tracing();
    traced
      .startToolCall("send_inquiry", [{ traceparent: "00-zz-01" }, { traceparent: VALID }])
      .end();
    traced.startToolCall("send_inquiry", [{ traceparent: "garbage" }, {}]).end();
    const [fromHeader, root] = exporter.getFinishedSpans();
    expect(fromHeader?.parentSpanContext?.spanId).toBe(PARENT_SPAN);
    expect(root?.parentSpanContext).toBeUndefined();
    expect(root?.spanContext().traceId).not.toBe(PARENT_TRACE);
  });

  it("hands on its own context, with a tracestate only within the W3C bound", () => {
    const { tracing: traced } = tracing();
    const kept = traced.startToolCall("send_inquiry", [{ traceparent: VALID, tracestate: "a=b" }]);
    const long = traced.startToolCall("send_inquiry", [
      { traceparent: VALID, tracestate: `a=${"b".repeat(600)}` },
    ]);
    expect(kept.carrier?.traceparent).toMatch(new RegExp(`^00-${PARENT_TRACE}-[0-9a-f]{16}-01$`));
    expect(kept.carrier?.tracestate).toBe("a=b");
    expect(long.carrier?.traceparent).toContain(PARENT_TRACE);
    expect(long.carrier).not.toHaveProperty("tracestate");
    kept.end();
    long.end();
  });

  it("parents fan-out and answer spans on the stored carrier, or starts a root without one", () => {
    const { exporter, tracing: traced } = tracing();
    const inquiry = openInquiry({
      id: randomUUID(),
      userId: "user-1",
      type: "INQUIRY",
      question: "Which city?",
      options: [],
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    traced.startFanOut({ traceparent: VALID }, inquiry, "socket")();
    traced.startAnswer(undefined, inquiry)({ outcome: "answered" });
    const [fanOut, answer] = exporter.getFinishedSpans();
    expect(fanOut?.name).toBe(HUB_SPAN_NAMES.fanOut);
    expect(fanOut?.parentSpanContext?.spanId).toBe(PARENT_SPAN);
    expect(answer?.parentSpanContext).toBeUndefined();
    expect(answer?.attributes["inquiry_hub.inquiry.outcome"]).toBe("answered");
    expect(JSON.stringify([fanOut?.attributes, answer?.attributes])).not.toContain("Which city?");
  });
});
