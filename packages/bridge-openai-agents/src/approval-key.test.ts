import { describe, expect, it } from "vitest";
import { approvalKey } from "./approval-key";

describe("approvalKey", () => {
  it("joins the run id and the call id when they make a valid key", () => {
    expect(approvalKey("order-42", "call_abc")).toBe("openai-agents:order-42:call_abc");
  });

  it("tells runs apart that reuse a call id", () => {
    expect(approvalKey("run-a", "call_1")).not.toBe(approvalKey("run-b", "call_1"));
  });

  it("hashes ids the hub would refuse, the same way every time", () => {
    const spaced = approvalKey("my run", "call 1");
    expect(spaced).toMatch(/^openai-agents:sha256:[0-9a-f]{64}$/);
    expect(approvalKey("my run", "call 1")).toBe(spaced);
    expect(approvalKey("x".repeat(300), "call_1")).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(approvalKey("rün", "call_1")).not.toBe(approvalKey("run", "call_1"));
  });
});
