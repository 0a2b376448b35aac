import { describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import { ApiClientError } from "@/lib/client/api-client-error";
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

  it("throws any other error as the ApiClientError the HTTP path would, so the card stays open", () => {
    const refuse = () => outcomeOfAck({ error: { code: "BAD_REQUEST", message: "Too long" } });
    expect(refuse).toThrow(ApiClientError);
    expect(refuse).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST", status: 400, serverMessage: "Too long" }),
    );
  });
});
