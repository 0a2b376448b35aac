import { describe, expect, it } from "vitest";
import { createTranslator } from "@/lib/i18n/translate";
import { pendingInquiry } from "@/test/fixtures/pending-inquiry";
import { notificationText } from "./browser-notifications";

const t = createTranslator("en");

describe("notificationText", () => {
  it("leads an approval with its risk level and reason", () => {
    const inquiry = pendingInquiry({
      type: "APPROVAL",
      question: "Run DELETE FROM notes?",
      approval: {
        upstream: "demo",
        tool: "execute_sql",
        arguments: { query: "DELETE FROM notes" },
        allowedDecisions: ["approve", "reject"],
        description: "Run DELETE FROM notes?",
        risk: { level: "high", reason: "Deletes rows", source: "rules" },
      },
    });
    expect(notificationText(inquiry, t)).toEqual({
      title: "High risk: approval needed",
      body: "Deletes rows\nRun DELETE FROM notes?",
      tag: inquiry.id,
    });
  });

  it("words anything without a risk label as a new question", () => {
    const question = pendingInquiry({ question: "Which one?" });
    expect(notificationText(question, t)).toEqual({
      title: "New question from your agent",
      body: "Which one?",
      tag: question.id,
    });
  });

  it("makes one notification per batch, counting its open approvals", () => {
    const inquiry = pendingInquiry({
      type: "APPROVAL",
      question: "Write a.txt?",
      approval: {
        upstream: "demo",
        tool: "write_file",
        arguments: { path: "a.txt" },
        allowedDecisions: ["approve", "reject"],
        description: "Write a.txt?",
        batchId: "run-1",
        risk: { level: "medium", reason: "Writes or sends: write_file", source: "rules" },
      },
    });
    expect(notificationText(inquiry, t, 1)).toMatchObject({
      title: "Medium risk: approval needed",
      tag: "batch:run-1",
    });
    expect(notificationText(inquiry, t, 5)).toEqual({
      title: "5 approvals waiting from one agent",
      body: "Writes or sends: write_file\nWrite a.txt?",
      tag: "batch:run-1",
    });
  });
});
