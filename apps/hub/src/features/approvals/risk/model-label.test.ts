import { describe, expect, it } from "vitest";
import type { ScreenedCall } from "../approval-screening";
import { createRiskAssessor, labellingRequest, parseModelLabel } from "./model-label";
import type { ModelLabel } from "./model-label";

const call = (tool: string, args: Record<string, unknown>): ScreenedCall => ({
  userId: "user-1",
  credentialId: "agent-1",
  upstream: "demo",
  tool,
  args,
  description: "",
});

const scripted = (label: ModelLabel | undefined) => () => Promise.resolve(label);

describe("parseModelLabel", () => {
  it("reads a JSON label, fenced or not", () => {
    expect(parseModelLabel('{"level":"high","reason":"Emails a customer"}')).toEqual({
      level: "high",
      reason: "Emails a customer",
    });
    expect(parseModelLabel('```json\n{"level":"low","reason":"Reads"}\n```')).toEqual({
      level: "low",
      reason: "Reads",
    });
  });

  it.each([
    ["prose", "This looks risky."],
    ["an unknown level", '{"level":"critical","reason":"x"}'],
    ["no reason", '{"level":"high"}'],
    ["an empty reason", '{"level":"high","reason":"  "}'],
    ["an array", '[{"level":"high","reason":"x"}]'],
  ])("refuses %s", (_what, reply) => {
    expect(parseModelLabel(reply)).toBeUndefined();
  });

  it("puts the reason on one line and cuts it to fit a card", () => {
    const label = parseModelLabel(
      JSON.stringify({ level: "medium", reason: `a\n\u202eb ${"c".repeat(300)}` }),
    );
    expect(label?.reason.startsWith("a b c")).toBe(true);
    expect(label?.reason.length).toBe(160);
  });
});

describe("labellingRequest", () => {
  it("shows the model the call and the rules' label, arguments cut to a budget", () => {
    const request = JSON.parse(
      labellingRequest(call("write_file", { content: "x".repeat(10_000) }), {
        level: "medium",
        reason: "Writes or sends: write_file",
        source: "rules",
      }),
    ) as { tool: string; arguments: string; hubRulesLabel: { level: string } };
    expect(request.tool).toBe("write_file");
    expect(request.arguments.length).toBeLessThan(4_100);
    expect(request.hubRulesLabel.level).toBe("medium");
  });
});

describe("createRiskAssessor", () => {
  it("labels by the rules alone without a model", async () => {
    expect(await createRiskAssessor()(call("read_file", { path: "a.md" }))).toEqual({
      level: "low",
      reason: "Only reads: read_file",
      source: "rules",
    });
  });

  it("takes the model's label when it is higher", async () => {
    const assess = createRiskAssessor(scripted({ level: "high", reason: "Reads a secret" }));
    expect(await assess(call("read_file", { path: "a.md" }))).toEqual({
      level: "high",
      reason: "Reads a secret",
      source: "model",
    });
  });

  it("never lets the model lower the rules' label", async () => {
    const assess = createRiskAssessor(scripted({ level: "low", reason: "Harmless" }));
    expect(await assess(call("execute_sql", { sql: "DROP TABLE notes" }))).toEqual({
      level: "high",
      reason: "Drops tables or other objects: DROP TABLE notes",
      source: "rules",
    });
  });

  it("keeps the rules' label when the model says the same or nothing", async () => {
    const same = createRiskAssessor(scripted({ level: "medium", reason: "Writes" }));
    expect((await same(call("write_file", { path: "a.md" }))).source).toBe("rules");
    const failed = createRiskAssessor(scripted(undefined));
    expect(await failed(call("write_file", { path: "a.md" }))).toEqual({
      level: "medium",
      reason: "Writes or sends: write_file",
      source: "rules",
    });
  });
});
