import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApprovalRuleListSchema, MAX_RULES_PER_PERSON } from "@inquiry-hub/protocol";
import type { ApprovalRule, RequestApprovalArgs } from "@inquiry-hub/protocol";
import { waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { fileExists, gatedCall } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import {
  SEND_EMAIL,
  decisionOf,
  requestApproval,
  startApprovalBench,
} from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";
import { signIn, startAfterTeamSetup } from "../support/team-restart";

/** A destructive query (DELETE without WHERE): the hub's rules label it high risk. */
const WIPE_NOTES: RequestApprovalArgs = {
  source: "langgraph",
  tool: "run_sql",
  arguments: { query: "DELETE FROM notes" },
  description: "Run a query.",
  allowed_decisions: ["approve", "reject"],
};

async function send(hub: TestHub, token: string, route: string, method = "GET", body?: unknown) {
  const response = await hub.request(route, {
    method,
    token,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

/**
 * Attacks on a person's standing rules. An agent's credential must never make, widen, extend,
 * import or revoke the rules that pass its own calls; one person's rule must never reach
 * another's call, a team's call or a high-risk one; bad bodies change nothing.
 */
describe("red team: approval rules over the HTTP API and request_approval", () => {
  let bench: ApprovalBench;
  let hub: TestHub;
  let person: TestLogin;
  let phone: TestDevice;
  let rule: ApprovalRule;
  let approvalId: string;

  const rulesOf = async (token: string) =>
    ApprovalRuleListSchema.parse((await send(hub, token, "/api/approval-rules")).body).rules;

  beforeAll(async () => {
    bench = await startApprovalBench({}, "rule-owner");
    ({ hub, person, phone } = bench);
    const client = await bench.agent("2025 session");
    const asked = requestApproval(client, SEND_EMAIL);
    approvalId = (await asked.progress.next("APPROVAL")).inquiryId;
    const created = await send(hub, person.token, "/api/approval-rules", "POST", {
      fromInquiryId: approvalId,
      agent: "this-agent",
      conditions: [{ arg: "to", glob: ["ada@example.com"] }],
      duration: "1h",
    });
    expect(created.status).toBe(201);
    rule = created.body as ApprovalRule;
    await answerOver(phone.socket, { inquiryId: approvalId, action: "approve" });
    await asked.call;
    await bench.reset();
  });
  afterAll(() => bench.close());

  it.each([
    ["list", "GET", "", undefined],
    [
      "create",
      "POST",
      "",
      { fromInquiryId: randomUUID(), agent: "any-agent", conditions: [], duration: "forever" },
    ],
    [
      "preview",
      "POST",
      "/preview",
      { fromInquiryId: randomUUID(), agent: "any-agent", conditions: [], duration: "1h" },
    ],
    ["widen", "PATCH", "/RULE", { conditions: [] }],
    ["extend", "PATCH", "/RULE", { duration: "forever" }],
    [
      "import",
      "POST",
      "/import",
      {
        upstreams: {
          langgraph: { tools: { run_sql: { allow: [{ arg: "query", sql: ["write"] }] } } },
        },
      },
    ],
    ["revoke", "DELETE", "/RULE", undefined],
    ["export", "GET", "/export", undefined],
  ])(
    "an agent credential cannot %s a rule (403, nothing changed)",
    async (_what, method, route, body) => {
      const before = await rulesOf(person.token);
      const sent = await send(
        hub,
        bench.agentKey,
        `/api/approval-rules${route.replace("RULE", rule.id)}`,
        method,
        body,
      );
      expect(sent.status).toBe(403);
      expect(await rulesOf(person.token)).toEqual(before);
      expect(before).toEqual([
        expect.objectContaining({
          id: rule.id,
          conditions: rule.conditions,
          expiresAt: rule.expiresAt,
        }),
      ]);
    },
  );

  it("another person sees none of it: their list is empty, the rule and the approval are 404", async () => {
    const stranger = await hub.registerUser("stranger");
    expect(await rulesOf(stranger.token)).toEqual([]);
    const attempts = [
      await send(hub, stranger.token, `/api/approval-rules/suggestions/${approvalId}`),
      await send(hub, stranger.token, "/api/approval-rules", "POST", {
        fromInquiryId: approvalId,
        agent: "any-agent",
        conditions: [],
        duration: "forever",
      }),
      await send(hub, stranger.token, `/api/approval-rules/${rule.id}`, "PATCH", {
        conditions: [],
      }),
      await send(hub, stranger.token, `/api/approval-rules/${rule.id}`, "DELETE"),
    ];
    expect(attempts.map(({ status }) => status)).toEqual([404, 404, 404, 404]);
    expect(await rulesOf(stranger.token)).toEqual([]);
    expect(await rulesOf(person.token)).toEqual([
      expect.objectContaining({ id: rule.id, conditions: rule.conditions }),
    ]);
  });

  it.each([
    [
      "an unknown field",
      {
        fromInquiryId: "APPROVAL",
        agent: "any-agent",
        conditions: [],
        duration: "1h",
        upstream: "shell",
      },
      /upstream|Unrecognized/,
    ],
    [
      "an unknown SQL kind",
      {
        fromInquiryId: "APPROVAL",
        agent: "any-agent",
        conditions: [{ arg: "to", sql: ["selekt"] }],
        duration: "1h",
      },
      /^conditions\.0\.sql\.0/,
    ],
    [
      "a condition the approval itself fails",
      {
        fromInquiryId: "APPROVAL",
        agent: "any-agent",
        conditions: [{ arg: "to", glob: ["bob@*"] }],
        duration: "1h",
      },
      /^conditions\.0: "to bob@\*" does not permit/,
    ],
    [
      "a duration of its own",
      { fromInquiryId: "APPROVAL", agent: "any-agent", conditions: [], duration: "10y" },
      /^duration/,
    ],
    [
      "a condition of two kinds",
      {
        fromInquiryId: "APPROVAL",
        agent: "any-agent",
        conditions: [{ arg: "to", lte: 1, glob: ["x"] }],
        duration: "1h",
      },
      /^conditions\.0/,
    ],
  ])("a create with %s is 400 naming it, and makes nothing", async (_what, template, message) => {
    const body = { ...template, fromInquiryId: approvalId };
    const sent = await send(hub, person.token, "/api/approval-rules", "POST", body);
    expect(sent.status).toBe(400);
    expect((sent.body as { error: { message: string } }).error.message).toMatch(message);
    expect(await rulesOf(person.token)).toHaveLength(1);
  });

  it("a PATCH with nothing to change, or a bad id, is 400", async () => {
    expect(
      (await send(hub, person.token, `/api/approval-rules/${rule.id}`, "PATCH", {})).status,
    ).toBe(400);
    expect((await send(hub, person.token, "/api/approval-rules/not-a-uuid", "DELETE")).status).toBe(
      400,
    );
    expect(await rulesOf(person.token)).toEqual([
      expect.objectContaining({ id: rule.id, conditions: rule.conditions }),
    ]);
  });

  it("an import past MAX_RULES_PER_PERSON is 409 and imports nothing", async () => {
    const allow = Array.from({ length: MAX_RULES_PER_PERSON }, (_, index) => ({
      arg: "n",
      lte: index,
    }));
    const sent = await send(hub, person.token, "/api/approval-rules/import", "POST", {
      upstreams: { langgraph: { tools: { count: { allow } } } },
    });
    expect(sent.status).toBe(409);
    expect(await rulesOf(person.token)).toHaveLength(1);
  });

  it("a rule never passes a high-risk call: it asks, for a fresh look", async () => {
    const client = await bench.agent("2025 session");
    const first = requestApproval(client, WIPE_NOTES);
    const opened = await first.progress.next("APPROVAL");
    const made = await send(hub, person.token, "/api/approval-rules", "POST", {
      fromInquiryId: opened.inquiryId,
      agent: "any-agent",
      conditions: [{ arg: "query", sql: ["delete"] }],
      duration: "1h",
    });
    expect(made.status).toBe(201);
    await answerOver(phone.socket, { inquiryId: opened.inquiryId, action: "reject" });
    await first.call;

    const again = requestApproval(client, WIPE_NOTES);
    const card = await again.progress.next("APPROVAL");
    const shown = await waitFor(() =>
      Promise.resolve(phone.created.find((each) => each.id === card.inquiryId)),
    );
    expect(shown.approval).toMatchObject({ freshLook: true, risk: { level: "high" } });
    await answerOver(phone.socket, { inquiryId: card.inquiryId, action: "reject" });
    expect(decisionOf(await again.call)).toMatchObject({ decision: "reject" });
    await send(
      hub,
      person.token,
      `/api/approval-rules/${(made.body as ApprovalRule).id}`,
      "DELETE",
    );
  });

  it("person A's rule for any of their agents never passes person B's same call", async () => {
    const anyAgent = await send(hub, person.token, "/api/approval-rules", "POST", {
      fromInquiryId: approvalId,
      agent: "any-agent",
      conditions: [],
      duration: "1h",
    });
    expect(anyAgent.status).toBe(201);
    const bob = await hub.registerUser("bob");
    const bobsPhone = await hub.devices.connect({ token: bob.token });
    const client = await bench.agent("2025 session", { token: bob.token });
    const asked = requestApproval(client, SEND_EMAIL);
    const card = await asked.progress.next("APPROVAL");
    await waitFor(() =>
      Promise.resolve(bobsPhone.created.find((each) => each.id === card.inquiryId)),
    );
    await answerOver(bobsPhone.socket, { inquiryId: card.inquiryId, action: "reject" });
    expect(decisionOf(await asked.call)).toMatchObject({ decision: "reject" });
  });
});

describe("red team: a person's rule never passes a call the config routes to a team", () => {
  let harness: ProxyHarness;
  let agentToken: string;
  let approverPhone: TestDevice;

  beforeAll(async () => {
    const started = await startAfterTeamSetup(async (setup) => {
      const requester = await setup.register("requester");
      const approver = await setup.register("approver");
      const ops = await setup.createTeam(approver, `ops-${randomUUID().slice(0, 8)}`);
      return {
        tools: { write_file: { approvers: { team_id: ops.id }, timeout_seconds: 10 } },
        state: { requester, approver },
      };
    });
    harness = started.harness;
    agentToken = await signIn(harness, started.state.requester);
    approverPhone = await harness.devices.connect({
      token: await signIn(harness, started.state.approver),
    });
  });
  afterAll(() => harness.close());

  it("an imported rule for every path still leaves the call to the team", async () => {
    const imported = await fetch(new URL("/api/approval-rules/import", harness.hubUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${agentToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        upstreams: { demo: { tools: { write_file: { allow: [{ arg: "path", glob: ["**"] }] } } } },
      }),
    });
    expect(imported.status).toBe(201);
    const agent = await harness.connectAgent(agentToken);
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "team.txt",
      content: "needs the team",
    });
    await waitFor(() =>
      Promise.resolve(approverPhone.created.find((each) => each.id === inquiryId)),
    );
    expect(await fileExists(path.join(harness.sandboxDir, "team.txt"))).toBe(false);
    await answerOver(approverPhone.socket, { inquiryId, action: "reject" });
    await call;
    expect(await fileExists(path.join(harness.sandboxDir, "team.txt"))).toBe(false);
  });
});
