import { describe, expect, it } from "vitest";
import { approvalCard } from "./approval-card";

const ARGS = { to: "team@example.com", subject: "Weekly report" };
/** What humanInTheLoopMiddleware writes when the tool's config has no description. */
const GENERATED = `Tool execution requires approval\n\nTool: send_email\nArgs: ${JSON.stringify(ARGS, null, 2)}`;

describe("approvalCard", () => {
  it("keeps the middleware's prefix, drops the call it spells out, and adds the tool's description", () => {
    const card = approvalCard(
      { name: "send_email", args: ARGS, description: GENERATED },
      { actionName: "send_email", allowedDecisions: ["approve", "reject"] },
      { description: "Sends an email.", inputSchema: { type: "object" } },
    );
    expect(card).toEqual({
      tool: "send_email",
      arguments: ARGS,
      description: "Tool execution requires approval\n\nSends an email.",
      inputSchema: { type: "object" },
      allowedDecisions: ["approve", "reject"],
    });
  });

  it("prefers the review config's argsSchema and keeps a configured description whole", () => {
    const card = approvalCard(
      { name: "send_email", args: ARGS, description: "Check the recipient" },
      {
        actionName: "send_email",
        allowedDecisions: ["edit"],
        argsSchema: { type: "object", required: ["to"] },
      },
      { description: "Check the recipient", inputSchema: { type: "object" } },
    );
    expect(card.description).toBe("Check the recipient");
    expect(card.inputSchema).toEqual({ type: "object", required: ["to"] });
  });

  it("has no description and no schema when neither the middleware nor the tool has one", () => {
    const card = approvalCard({ name: "send_email", args: ARGS }, undefined, undefined);
    expect(card.description).toBeUndefined();
    expect(card.inputSchema).toBeUndefined();
    expect(card.allowedDecisions).toBeUndefined();
  });
});
