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
    });
  });

  it("words anything without a risk label as a new question", () => {
    expect(notificationText(pendingInquiry({ question: "Which one?" }), t)).toEqual({
      title: "New question from your agent",
      body: "Which one?",
    });
  });
});
