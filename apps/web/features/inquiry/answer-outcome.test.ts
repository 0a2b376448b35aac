import { describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import { AnswerError } from "./answer-inquiry";
import { outcomeOfAck } from "./answer-outcome";

describe("outcomeOfAck", () => {
  it("maps data to resolved", () => {
    expect(outcomeOfAck({ data: {} as Inquiry })).toEqual({ kind: "resolved" });
  });

  it("maps conflicts and unknown inquiries to closing outcomes", () => {
    expect(
      outcomeOfAck({ error: { code: "CONFLICT", message: "Already answered on Pixel 7" } }),
    ).toEqual({ kind: "already_resolved", message: "Already answered on Pixel 7" });
    expect(outcomeOfAck({ error: { code: "NOT_FOUND", message: "Unknown" } })).toEqual({
      kind: "gone",
      message: "Unknown",
    });
  });

  it("throws the message of any other error so the card stays open", () => {
    expect(() => outcomeOfAck({ error: { code: "BAD_REQUEST", message: "Too long" } })).toThrow(
      AnswerError,
    );
  });
});
