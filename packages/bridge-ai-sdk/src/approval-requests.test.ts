import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { findUnansweredApprovalRequests } from "./approval-requests";

const askedTwice: ModelMessage[] = [
  { role: "user", content: "Send both emails" },
  {
    role: "assistant",
    content: [
      { type: "tool-call", toolCallId: "call-1", toolName: "sendEmail", input: { to: "a@b.c" } },
      { type: "tool-approval-request", approvalId: "approval-1", toolCallId: "call-1" },
    ],
  },
  {
    role: "tool",
    content: [{ type: "tool-approval-response", approvalId: "approval-1", approved: true }],
  },
  {
    role: "assistant",
    content: [
      { type: "text", text: "And the second one:" },
      { type: "tool-call", toolCallId: "call-2", toolName: "sendEmail", input: { to: "d@e.f" } },
      { type: "tool-approval-request", approvalId: "approval-2", toolCallId: "call-2" },
    ],
  },
];

describe("findUnansweredApprovalRequests", () => {
  it("skips the approvals a tool message already answered and keeps the rest with their calls", () => {
    expect(findUnansweredApprovalRequests(askedTwice)).toEqual([
      {
        approvalId: "approval-2",
        toolCallId: "call-2",
        toolName: "sendEmail",
        input: { to: "d@e.f" },
      },
    ]);
  });

  it("reads a generateText result's response messages", () => {
    const result = { response: { messages: askedTwice.slice(3) } };
    expect(findUnansweredApprovalRequests(result).map((request) => request.approvalId)).toEqual([
      "approval-2",
    ]);
  });

  it("keeps the reason ai 7's toolApproval gave, and skips what it decided itself", () => {
    // As saved by an app on ai 7 (typed loosely here: ai 6's types have no reason).
    const saved = JSON.parse(
      JSON.stringify([
        {
          role: "assistant",
          content: [
            { type: "tool-call", toolCallId: "call-1", toolName: "sendEmail", input: {} },
            { type: "tool-call", toolCallId: "call-2", toolName: "sendEmail", input: {} },
            {
              type: "tool-approval-request",
              approvalId: "a-1",
              toolCallId: "call-1",
              reason: "external",
            },
            {
              type: "tool-approval-request",
              approvalId: "a-2",
              toolCallId: "call-2",
              isAutomatic: true,
            },
          ],
        },
        {
          role: "tool",
          content: [{ type: "tool-approval-response", approvalId: "a-2", approved: true }],
        },
      ]),
    ) as ModelMessage[];
    expect(findUnansweredApprovalRequests(saved)).toEqual([
      {
        approvalId: "a-1",
        toolCallId: "call-1",
        toolName: "sendEmail",
        input: {},
        reason: "external",
      },
    ]);
  });

  it("finds nothing in a conversation without approval requests", () => {
    expect(
      findUnansweredApprovalRequests([
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ]),
    ).toEqual([]);
  });

  it("refuses an approval request whose tool call was pruned from the messages", () => {
    const pruned: ModelMessage = {
      role: "assistant",
      content: [{ type: "tool-approval-request", approvalId: "approval-3", toolCallId: "call-3" }],
    };
    expect(() => findUnansweredApprovalRequests([pruned])).toThrow(/call-3/);
  });
});
