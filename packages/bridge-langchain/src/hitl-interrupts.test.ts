import { describe, expect, it } from "vitest";
import { hitlInterruptsOf, isHitlInterrupt } from "./hitl-interrupts";

const REQUEST = {
  actionRequests: [{ name: "send_email", args: { to: "a@example.com" }, description: "Send?" }],
  reviewConfigs: [{ actionName: "send_email", allowedDecisions: ["approve"] }],
};

describe("isHitlInterrupt", () => {
  it("recognises the middleware's request and nothing else", () => {
    expect(isHitlInterrupt({ id: "abc", value: REQUEST })).toBe(true);
    expect(isHitlInterrupt({ value: REQUEST })).toBe(false);
    expect(isHitlInterrupt({ id: "abc", value: "What is your name?" })).toBe(false);
    expect(isHitlInterrupt({ id: "abc", value: { actionRequests: [{ name: 1 }] } })).toBe(false);
  });
});

describe("hitlInterruptsOf", () => {
  it("keeps the middleware's interrupts of a mixed list", () => {
    const own = { id: "abc", value: REQUEST };
    expect(hitlInterruptsOf([{ id: "q", value: { question: "?" } }, own])).toEqual([own]);
    expect(hitlInterruptsOf(undefined)).toEqual([]);
  });
});
