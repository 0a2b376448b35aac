import { describe, expect, it } from "vitest";
import type { HistoryItem, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import { createTranslator } from "@/lib/i18n/translate";
import { localClockTime, summarizeOutcome } from "./outcome-summary";

const en = createTranslator("en");
const zh = createTranslator("zh-CN");

/** 14:02 local time wherever the test runs, so the expected clock never depends on TZ. */
const AT_14_02 = new Date(2026, 0, 5, 14, 2, 9).toISOString();

const QUESTION: InquiryOpenedMeta = {
  type: "INQUIRY",
  inquiryId: "5d0c6a52-9f7a-4f0e-8a53-0c1f3a0e2b11",
  question: "Which **city**?",
};

const APPROVAL: InquiryOpenedMeta = {
  type: "APPROVAL",
  inquiryId: QUESTION.inquiryId,
  question: "Write notes.txt?",
  approval: {
    upstream: "demo",
    tool: "write_file",
    arguments: { path: "notes.txt", content: "hi" },
    allowedDecisions: ["approve", "edit", "reject"],
    description: "Write notes.txt?",
  },
};

function record(fields: Partial<HistoryItem>): HistoryItem {
  const base: HistoryItem = {
    id: QUESTION.inquiryId,
    type: "INQUIRY",
    question: QUESTION.question,
    status: "answered",
    decision: "answered",
    decidedBy: "person",
    byDeviceId: "device-1",
    byDeviceName: "Pixel 7",
    createdAt: AT_14_02,
    resolvedAt: AT_14_02,
    durationMs: 0,
    failedDeliveries: 0,
  };
  return Object.assign(base, fields);
}

describe("localClockTime", () => {
  it("shows hours and minutes of the local time, zero-padded", () => {
    expect(localClockTime(new Date(2026, 0, 5, 9, 5).toISOString())).toBe("09:05");
  });
});

describe("summarizeOutcome of a question", () => {
  it("names the answer, the device and the time", () => {
    expect(summarizeOutcome(QUESTION, record({ response: "Lisbon" }), en)).toEqual({
      line: "You answered “Lisbon” on Pixel 7 · 14:02",
      answers: [],
    });
  });

  it("says it in Chinese too", () => {
    expect(summarizeOutcome(QUESTION, record({ response: "Lisbon" }), zh)?.line).toBe(
      "你在 Pixel 7 上回答了“Lisbon” · 14:02",
    );
  });

  it("falls back to 'another device' when the device has no name", () => {
    const item = record({ response: "Lisbon", byDeviceName: null });
    expect(summarizeOutcome(QUESTION, item, en)?.line).toBe(
      "You answered “Lisbon” on another device · 14:02",
    );
  });

  it("lists a questionnaire's answers under the questions' own text, in their order", () => {
    const questionnaire: InquiryOpenedMeta = {
      ...QUESTION,
      questions: [
        { id: "party_size", text: "How many people?", kind: "number", required: true },
        { id: "terrace", text: "On the terrace?", kind: "boolean" },
        { id: "dishes", text: "Which dishes?", kind: "multi_choice", options: ["soup", "fish"] },
      ],
    };
    const item = record({
      values: { dishes: ["soup", "fish"], party_size: 4, terrace: false, note: "late" },
    });
    expect(summarizeOutcome(questionnaire, item, en)).toEqual({
      line: "You answered the questions on Pixel 7 · 14:02",
      answers: [
        { question: "How many people?", answer: "4" },
        { question: "On the terrace?", answer: "no" },
        { question: "Which dishes?", answer: "soup, fish" },
        { question: "note", answer: "late" },
      ],
    });
  });

  it("tells a hand-over on a device from YOLO mode, which has no device", () => {
    expect(summarizeOutcome(QUESTION, record({}), en)?.line).toBe(
      "You left it to the assistant on Pixel 7 · 14:02",
    );
    const yolo = record({ byDeviceId: null, byDeviceName: null });
    expect(summarizeOutcome(QUESTION, yolo, en)?.line).toBe(
      "Answered by the assistant (YOLO) · 14:02",
    );
  });

  it("words a decline with and without a reason, a timeout and a cancel", () => {
    const line = (fields: Partial<HistoryItem>) =>
      summarizeOutcome(QUESTION, record(fields), en)?.line;
    expect(line({ status: "rejected" })).toBe("You declined on Pixel 7 · 14:02");
    expect(line({ status: "rejected", reason: "not now" })).toBe(
      "You declined on Pixel 7: “not now” · 14:02",
    );
    expect(line({ status: "timeout", byDeviceId: null, byDeviceName: null })).toBe(
      "Timed out — the agent went on alone · 14:02",
    );
    expect(line({ status: "cancelled", byDeviceId: null, byDeviceName: null })).toBe(
      "Cancelled · 14:02",
    );
  });

  it("has nothing to say while the record is still pending", () => {
    const pending = record({ status: "pending", byDeviceId: null, resolvedAt: null });
    expect(summarizeOutcome(QUESTION, pending, en)).toBeUndefined();
  });
});

describe("summarizeOutcome of an approval", () => {
  it("shows the arguments as asked after an approve", () => {
    expect(summarizeOutcome(APPROVAL, record({ response: "approve" }), en)).toEqual({
      line: "You approved write_file on Pixel 7 · 14:02",
      answers: [],
      ranArguments: { path: "notes.txt", content: "hi" },
    });
  });

  it("shows the edited arguments after an edit", () => {
    const edited = record({ response: "edit", values: { path: "other.txt", content: "hi" } });
    expect(summarizeOutcome(APPROVAL, edited, en)).toEqual({
      line: "You approved write_file with changes on Pixel 7 · 14:02",
      answers: [],
      ranArguments: { path: "other.txt", content: "hi" },
    });
  });

  it("shows the reason of a rejection and no arguments, since nothing ran", () => {
    expect(summarizeOutcome(APPROVAL, record({ status: "rejected", reason: "no" }), en)).toEqual({
      line: "You rejected write_file on Pixel 7: “no” · 14:02",
      answers: [],
    });
  });

  it("says when YOLO approved it and when no decision came", () => {
    const yolo = record({ response: "approve", byDeviceId: null, byDeviceName: null });
    expect(summarizeOutcome(APPROVAL, yolo, en)?.line).toBe(
      "write_file approved by the assistant (YOLO) · 14:02",
    );
    const timeout = record({ status: "timeout", byDeviceId: null, byDeviceName: null });
    expect(summarizeOutcome(APPROVAL, timeout, en)).toEqual({
      line: "No decision in time — write_file did not run · 14:02",
      answers: [],
    });
  });
});
