import { describe, expect, it } from "vitest";
import { MAX_TRACESTATE_LENGTH, checkTraceCarrier } from "./trace-carrier";

const VALID = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

describe("checkTraceCarrier", () => {
  it("keeps a valid traceparent and tracestate", () => {
    expect(checkTraceCarrier({ traceparent: VALID, tracestate: "vendor=abc" })).toEqual({
      traceparent: VALID,
      tracestate: "vendor=abc",
    });
  });

  it.each([
    ["missing", undefined],
    ["not a string", 42],
    ["garbage", "00-not-a-trace-01"],
    ["upper-case hex", VALID.toUpperCase()],
    ["an unknown version", `01${VALID.slice(2)}`],
    ["an all-zero trace id", `00-${"0".repeat(32)}-b7ad6b7169203331-01`],
    ["an all-zero span id", `00-0af7651916cd43dd8448eb211c80319c-${"0".repeat(16)}-01`],
    ["a trailing field", `${VALID}-extra`],
  ])("ignores a traceparent that is %s (the span starts a new trace)", (_case, traceparent) => {
    expect(checkTraceCarrier({ traceparent, tracestate: "vendor=abc" })).toBeUndefined();
  });

  it("drops an over-long tracestate but keeps the traceparent", () => {
    const tracestate = `vendor=${"x".repeat(MAX_TRACESTATE_LENGTH)}`;
    expect(checkTraceCarrier({ traceparent: VALID, tracestate })).toEqual({ traceparent: VALID });
  });

  it("drops a tracestate that is not a string", () => {
    expect(checkTraceCarrier({ traceparent: VALID, tracestate: ["a=b"] })).toEqual({
      traceparent: VALID,
    });
  });
});
