import type { ApprovalDetails } from "@inquiry-hub/protocol";
import { MAX_PUSH_BODY_LENGTH } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { approvalSummary } from "./push-text";

const details = (args: Record<string, unknown>): ApprovalDetails => ({
  upstream: "langgraph",
  tool: "delete_repository",
  arguments: args,
  allowedDecisions: ["approve", "reject"],
  description: "Read-only, changes nothing.",
});

describe("approvalSummary", () => {
  it("names the tool, where it comes from and every argument, keys sorted", () => {
    expect(approvalSummary(details({ repo: "api", force: true }))).toBe(
      'delete_repository on langgraph: {"force":true,"repo":"api"}',
    );
  });

  it("shows invisible and reordering characters as escapes", () => {
    const summary = approvalSummary(details({ name: "safe\u202Eexe.txt\u200B" }));
    expect(summary).toContain("safe\\u202eexe.txt\\u200b");
    expect(summary.length).toBeLessThan(MAX_PUSH_BODY_LENGTH);
  });
});
