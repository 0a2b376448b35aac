import { describe, expect, it } from "vitest";
import type { Inquiry } from "../inquiry";
import { buildInquiryProgressParams, readInquiryMeta, readProgressMeta } from "./progress";
import { toClosedMeta, toHeartbeatMeta, toOpenedMeta } from "./progress-meta";

const pending: Inquiry = {
  id: "6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b",
  userId: "u-1",
  type: "INQUIRY",
  question: "Which city?",
  options: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2026-01-01T00:02:00.000Z",
  status: "pending",
  resolution: null,
};

const approval = {
  upstream: "files",
  tool: "write_file",
  arguments: { path: "/tmp/a" },
  allowedDecisions: ["approve" as const, "reject" as const],
  description: "Write a file",
  inputSchema: { type: "object" },
  runId: "run-1",
};

describe("toOpenedMeta", () => {
  it("writes a plain inquiry with the established keys, in order, and nothing empty", () => {
    expect(JSON.stringify(toOpenedMeta(pending))).toBe(
      '{"type":"INQUIRY","inquiryId":"6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b",' +
        '"question":"Which city?","expiresAt":"2026-01-01T00:02:00.000Z"}',
    );
  });

  it("adds options, the suggestion with its author and the questionnaire when present", () => {
    const meta = toOpenedMeta({
      ...pending,
      options: ["Paris", "Oslo"],
      suggestedAnswer: "Paris",
      suggestedBy: "assistant",
      questions: [{ id: "city", kind: "text", text: "City?" }],
    });
    expect(Object.keys(meta)).toEqual([
      "type",
      "inquiryId",
      "question",
      "expiresAt",
      "options",
      "suggestedAnswer",
      "suggestedBy",
      "questions",
    ]);
    expect(meta).toMatchObject({ options: ["Paris", "Oslo"], suggestedBy: "assistant" });
  });

  it("writes an APPROVAL from the record's type, carrying the gated call", () => {
    const meta = toOpenedMeta({ ...pending, type: "APPROVAL", approval });
    expect(Object.keys(meta)).toEqual(["type", "inquiryId", "question", "expiresAt", "approval"]);
    expect(meta).toMatchObject({ type: "APPROVAL", approval });
  });

  it("never leaks record-only fields (owner, team rule, elicitation, asker)", () => {
    const meta = toOpenedMeta({ ...pending, askedByCredentialId: "agent-1" });
    expect(meta).not.toHaveProperty("userId");
    expect(meta).not.toHaveProperty("askedByCredentialId");
    expect(meta).not.toHaveProperty("createdAt");
  });
});

describe("toClosedMeta and toHeartbeatMeta", () => {
  it("closes nothing while the inquiry is pending", () => {
    expect(toClosedMeta(pending)).toBeUndefined();
  });

  it("closes with the resolution's final status", () => {
    const final: Inquiry = {
      ...pending,
      status: "timeout",
      resolution: { status: "timeout", resolvedAt: "2026-01-01T00:02:01.000Z" },
    };
    expect(JSON.stringify(toClosedMeta(final))).toBe(
      `{"type":"INQUIRY_CLOSED","inquiryId":"${pending.id}","status":"timeout"}`,
    );
  });

  it("beats with the inquiry id only", () => {
    expect(toHeartbeatMeta(pending)).toEqual({ type: "INQUIRY_HEARTBEAT", inquiryId: pending.id });
  });
});

describe("reading what the builders wrote", () => {
  it("round-trips every builder through a notification's params", () => {
    const final: Inquiry = {
      ...pending,
      status: "answered",
      resolution: { status: "answered", response: "Oslo", resolvedAt: pending.expiresAt },
    };
    const metas = [toOpenedMeta(pending), toHeartbeatMeta(pending), toClosedMeta(final)];
    metas.forEach((meta, progress) => {
      if (meta === undefined) throw new Error("closed meta missing");
      const params = buildInquiryProgressParams(1, progress, meta);
      expect(readInquiryMeta({ method: "notifications/progress", params })).toEqual(meta);
    });
  });

  it("reads `_meta` alone, as the MCP SDK's onprogress hands it over", () => {
    const meta = toHeartbeatMeta(pending);
    expect(readProgressMeta({ progress: 3, _meta: meta })).toEqual(meta);
  });

  it("prefers `meta` and ignores what is not an inquiry meta", () => {
    const opened = toOpenedMeta(pending);
    expect(readProgressMeta({ meta: opened, _meta: toHeartbeatMeta(pending) })).toEqual(opened);
    expect(readProgressMeta({ progress: 1, _meta: { progressToken: 1 } })).toBeUndefined();
    expect(readProgressMeta("not params")).toBeUndefined();
  });
});
