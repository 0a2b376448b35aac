import { describe, expect, it } from "vitest";
import type { Inquiry, InquiryResolution } from "@inquiry-hub/protocol";
import { ProtocolError } from "@modelcontextprotocol/server";
import { elicitResultOf, questionsOf } from "./elicitation-handler";

function resolved(resolution: Omit<InquiryResolution, "resolvedAt">): Inquiry {
  return {
    id: "6f1f7a4e-1b7c-4a43-9d1e-0c2a5d0f4b11",
    userId: "u",
    type: "INQUIRY",
    question: "Book?",
    options: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    expiresAt: "2025-01-01T00:05:00.000Z",
    status: resolution.status,
    resolution: { ...resolution, resolvedAt: "2025-01-01T00:01:00.000Z" },
  };
}

describe("elicitation results", () => {
  it("maps every way an inquiry ends onto accept, decline or cancel", () => {
    const values = { date: "today", people: 2 };
    expect(elicitResultOf(resolved({ status: "answered", values }))).toEqual({
      action: "accept",
      content: values,
    });
    expect(elicitResultOf(resolved({ status: "answered", response: "Accept" }))).toEqual({
      action: "accept",
      content: {},
    });
    expect(elicitResultOf(resolved({ status: "answered", delegated: true }))).toEqual({
      action: "decline",
    });
    expect(elicitResultOf(resolved({ status: "rejected" }))).toEqual({ action: "decline" });
    expect(elicitResultOf(resolved({ status: "timeout" }))).toEqual({ action: "cancel" });
    expect(elicitResultOf(resolved({ status: "cancelled" }))).toEqual({ action: "cancel" });
  });
});

describe("elicitation forms", () => {
  it("has no questions for a schema without properties: accept or decline only", () => {
    expect(questionsOf({ type: "object", properties: {} })).toBeUndefined();
  });

  it("refuses a schema a device cannot render with an MCP error naming the property", () => {
    const nested = {
      type: "object",
      properties: { address: { type: "object", properties: {} } },
    } as unknown as Parameters<typeof questionsOf>[0];
    expect(() => questionsOf(nested)).toThrow(ProtocolError);
    expect(() => questionsOf(nested)).toThrow(
      /cannot show this elicitation form: properties\.address/,
    );
  });
});
