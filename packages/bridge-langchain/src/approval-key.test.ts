import { describe, expect, it } from "vitest";
import { approvalKey, approvalRunId } from "./approval-key";

const INTERRUPT_ID = "dc1ad24fb0e955295e9967dd1322b0cb";

describe("approvalKey", () => {
  it("names the thread, the interrupt and the action readably", () => {
    expect(approvalKey("order-42", INTERRUPT_ID, 1)).toBe(`langgraph:order-42:${INTERRUPT_ID}:1`);
  });

  it("hashes a thread id the hub would refuse, the same way every time", () => {
    const key = approvalKey("Bestellung für Jörg", INTERRUPT_ID, 0);
    expect(key).toMatch(/^langgraph:sha256:[0-9a-f]{64}$/);
    expect(approvalKey("Bestellung für Jörg", INTERRUPT_ID, 0)).toBe(key);
    expect(approvalKey("Bestellung für Jörg", INTERRUPT_ID, 1)).not.toBe(key);
    expect(approvalKey("x".repeat(300), INTERRUPT_ID, 0)).toMatch(/^langgraph:sha256:/);
  });
});

describe("approvalRunId", () => {
  it("is the thread id unless that is too long for the hub", () => {
    expect(approvalRunId("order 42")).toBe("order 42");
    expect(approvalRunId("x".repeat(201))).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
