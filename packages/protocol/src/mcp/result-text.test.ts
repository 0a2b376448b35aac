import { describe, expect, it } from "vitest";
import type { Inquiry, InquiryResolution } from "../inquiry";
import { RESULT_OPENINGS, inquiryResultText } from "./result-text";

function resolved(resolution: Omit<InquiryResolution, "resolvedAt">): Inquiry {
  return {
    id: "6f0c2a4e-8a8f-4a53-9d51-0c1f5d1b1a11",
    userId: "u1",
    type: "INQUIRY",
    question: "Which city?",
    options: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    expiresAt: "2026-01-01T00:02:00.000Z",
    status: resolution.status,
    resolution: { ...resolution, resolvedAt: "2026-01-01T00:02:00.000Z" },
  };
}

describe("inquiryResultText", () => {
  it("returns an answer as the person wrote it", () => {
    expect(inquiryResultText(resolved({ status: "answered", response: "Hangzhou" }))).toBe(
      "Hangzhou",
    );
  });

  it("tells the model not to ask again after a decline, quoting the reason", () => {
    const text = inquiryResultText(resolved({ status: "rejected", reason: "private" }));
    expect(text.startsWith(RESULT_OPENINGS.rejected)).toBe(true);
    expect(text).toContain('"private"');
    expect(text).toContain("Do not ask again");
  });

  it("says how long it waited before timing out", () => {
    const text = inquiryResultText(resolved({ status: "timeout" }));
    expect(text.startsWith(RESULT_OPENINGS.timeout)).toBe(true);
    expect(text).toContain("2 minutes");
  });

  it("lists a questionnaire's questions with their answers", () => {
    const inquiry: Inquiry = {
      ...resolved({ status: "answered", values: { size: 4, terrace: true } }),
      questions: [
        { id: "size", text: "How many people?", kind: "number" },
        { id: "terrace", text: "Terrace?", kind: "boolean" },
      ],
    };
    expect(inquiryResultText(inquiry)).toBe("How many people?: 4\nTerrace?: yes");
  });

  it("hands a delegated decision back to the model", () => {
    const text = inquiryResultText(resolved({ status: "answered", delegated: true }));
    expect(text).toBe(
      "The person delegated this decision to you: decide on your best judgement and state what you decided.",
    );
  });

  it("says a cancelled question should not be asked again", () => {
    const text = inquiryResultText(resolved({ status: "cancelled" }));
    expect(text.startsWith(RESULT_OPENINGS.cancelled)).toBe(true);
    expect(text).toContain("Do not ask again");
  });

  it("refuses a pending inquiry", () => {
    const pending: Inquiry = {
      ...resolved({ status: "answered" }),
      status: "pending",
      resolution: null,
    };
    expect(() => inquiryResultText(pending)).toThrow(/pending/);
  });
});
