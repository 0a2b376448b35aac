import { randomUUID } from "node:crypto";
import type { Inquiry, RiskAssessment } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pushActionsFor } from "./push-actions";
import { pushTextFor, riskLine } from "./push-text";
import { createdMessage } from "./webhook-messages";

const HIGH: RiskAssessment = {
  level: "high",
  reason: "Deletes rows: DELETE FROM notes",
  source: "rules",
};
const MEDIUM: RiskAssessment = {
  level: "medium",
  reason: "Writes or sends: write_file",
  source: "rules",
};

function approval(risk: RiskAssessment | undefined, freshLook = false): Inquiry {
  return {
    id: randomUUID(),
    userId: "user-1",
    type: "APPROVAL",
    question: "Approve?",
    options: [],
    createdAt: new Date().toISOString(),
    expiresAt: new Date().toISOString(),
    status: "pending",
    resolution: null,
    approval: {
      upstream: "db",
      tool: "execute_sql",
      arguments: { sql: "DELETE FROM notes" },
      allowedDecisions: ["approve", "reject"],
      description: "Run SQL",
      ...(risk === undefined ? {} : { risk }),
      ...(freshLook ? { freshLook: true as const } : {}),
    },
  };
}

const OPEN_URL = "https://hub.example.test/inbox#x";
const APPROVE_LINK = { label: "Approve", url: "https://hub.example.test/webhook/decide?t=a" };
const SlackSchema = z.object({ text: z.string() });
const GenericSchema = z.object({
  text: z.string(),
  inquiry: z.object({ risk: z.unknown().optional(), freshLook: z.literal(true).optional() }),
});

describe("notifications lead with the risk", () => {
  it("puts the risk line first in a push body", () => {
    const text = pushTextFor(approval(MEDIUM));
    expect(text.body.split("\n")[0]).toBe("Medium risk · Writes or sends: write_file");
    expect(text.body).toContain('execute_sql on db: {"sql":"DELETE FROM notes"}');
    expect(text.whole).toBe(true);
  });

  it("cuts a long risk line in a push, so the summary keeps its room and its buttons", () => {
    const long: RiskAssessment = {
      level: "medium",
      reason: `Writes data: INSERT INTO notes (title) VALUES ('${"x".repeat(50)}')`,
      source: "rules",
    };
    const text = pushTextFor(approval(long));
    const [line = "", summary = ""] = text.body.split("\n");
    expect(line).toHaveLength(64);
    expect(line.endsWith("…")).toBe(true);
    expect(summary).toBe('execute_sql on db: {"sql":"DELETE FROM notes"}');
    expect(text.whole).toBe(true);
  });

  it("shows no risk line for an approval without a label", () => {
    expect(pushTextFor(approval(undefined)).body.startsWith("execute_sql on db")).toBe(true);
  });

  it("escapes invisible characters a model's or an argument's reason could carry", () => {
    const line = riskLine({ level: "low", reason: "Only reads\u202e: x\ny", source: "model" });
    expect(line).toBe("Low risk · Only reads\\u202e: x y");
  });

  it("gives a fresh-look approval no push buttons, a medium one its decisions", () => {
    expect(pushActionsFor(approval(HIGH, true))).toEqual([{ type: "open" }]);
    expect(pushActionsFor(approval(MEDIUM))).toEqual([{ type: "approve" }, { type: "reject" }]);
  });

  it("leads a channel message with the risk and says a fresh look is needed", () => {
    const body = SlackSchema.parse(createdMessage("slack", approval(HIGH, true), [], OPEN_URL));
    const [first, second] = body.text.split("\n");
    expect(first).toBe("High risk · Deletes rows: DELETE FROM notes");
    expect(second).toContain("fresh look");
    expect(body.text).not.toContain("webhook/decide");
  });

  it("keeps a medium approval's decide links after its risk line", () => {
    const body = SlackSchema.parse(
      createdMessage("slack", approval(MEDIUM), [APPROVE_LINK], OPEN_URL),
    );
    expect(body.text.split("\n")[0]).toBe("Medium risk · Writes or sends: write_file");
    expect(body.text).toContain(`<${APPROVE_LINK.url}|Approve>`);
  });

  it("hands generic receivers the label and the fresh look as facts", () => {
    const body = GenericSchema.parse(createdMessage("generic", approval(HIGH, true), [], OPEN_URL));
    expect(body.inquiry.risk).toEqual(HIGH);
    expect(body.inquiry.freshLook).toBe(true);
  });

  it("escapes a reason that quotes an argument for the receiver's markup", () => {
    const hostile: RiskAssessment = {
      level: "high",
      reason: "Writes outside the sandbox: <!channel>",
      source: "rules",
    };
    const body = SlackSchema.parse(createdMessage("slack", approval(hostile, true), [], OPEN_URL));
    expect(body.text).toContain("&lt;!channel&gt;");
    expect(body.text).not.toContain("<!channel>");
  });
});
