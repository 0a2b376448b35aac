import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApprovalRuleSchema,
  HistoryItemSchema,
  RuleSuggestionsSchema,
} from "@inquiry-hub/protocol";
import type { ApprovalRule, CreateApprovalRuleBody } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { waitFor } from "../helpers";
import { answerOver } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { fileExists, gatedCall, startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import {
  SEND_EMAIL,
  decisionOf,
  requestApproval,
  startApprovalBench,
} from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

/** Fetches `/api/...` on the hub with the person's token and a JSON body. */
async function api(hubUrl: URL, token: string, route: string, method = "GET", body?: unknown) {
  const response = await fetch(new URL(route, hubUrl), {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

/**
 * "Always allow this" end to end on the approval proxy: a real MCP SDK client calls the real
 * demo tools through the hub, a person's phone (a Socket.IO device) sees the cards, and the
 * file the upstream wrote or did not write proves what ran.
 */
describe("a rule made from a card, through the approval proxy", () => {
  let harness: ProxyHarness;
  let token: string;
  let phone: TestDevice;
  let agent: Client;
  let rule: ApprovalRule;

  beforeAll(async () => {
    harness = await startProxyHarness({ write_file: true });
    token = await harness.registerUser();
    phone = await harness.devices.connect({ token });
    agent = await harness.connectAgent(token);
  });
  afterAll(() => harness.close());

  const wrote = (file: string) => fileExists(path.join(harness.sandboxDir, file));
  const cardOnPhone = (inquiryId: string) =>
    waitFor(() => Promise.resolve(phone.created.find((card) => card.id === inquiryId)));

  it("is offered from the card, previewed, and made: write_file, path under notes/, 1 day", async () => {
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "notes/first.md",
      content: "one",
    });
    const suggested = await api(
      harness.hubUrl,
      token,
      `/api/approval-rules/suggestions/${inquiryId}`,
    );
    expect(RuleSuggestionsSchema.parse(suggested.body)).toEqual({
      upstream: "demo",
      tool: "write_file",
      conditions: [
        { arg: "path", glob: ["notes/**"] },
        { arg: "path", glob: ["notes/first.md"] },
      ],
    });
    const body: CreateApprovalRuleBody = {
      fromInquiryId: inquiryId,
      agent: "any-agent",
      conditions: [{ arg: "path", glob: ["notes/**"] }],
      duration: "1d",
    };
    const preview = await api(harness.hubUrl, token, "/api/approval-rules/preview", "POST", body);
    expect(preview).toEqual({
      status: 200,
      body: {
        name: "write_file · path notes/**",
        allows: { path: "notes/first.md", content: "one" },
        refuses: { path: "elsewhere/first.md", content: "one" },
      },
    });
    const created = await api(harness.hubUrl, token, "/api/approval-rules", "POST", body);
    expect(created.status).toBe(201);
    rule = ApprovalRuleSchema.parse(created.body);
    expect(rule).toMatchObject({ upstream: "demo", tool: "write_file", agentCredentialId: null });
    expect(Date.parse(rule.expiresAt ?? "") - Date.parse(rule.createdAt)).toBe(86_400_000);
    expect(await answerOver(phone.socket, { inquiryId, action: "approve" })).toMatchObject({
      data: { status: "answered" },
    });
    await call;
    expect(await wrote("notes/first.md")).toBe(true);
  });

  it("lets the next matching call run with no card, and history says which rule", async () => {
    const cardsBefore = phone.created.length;
    const result = await agent.callTool({
      name: "write_file",
      arguments: { path: "notes/deeper/second.md", content: "two" },
    });
    expect(result.isError).not.toBe(true);
    expect(await wrote("notes/deeper/second.md")).toBe(true);
    expect(phone.created).toHaveLength(cardsBefore);

    const history = await api(harness.hubUrl, token, "/api/history?limit=1");
    const [latest] = (history.body as { items: unknown[] }).items;
    expect(HistoryItemSchema.parse(latest)).toMatchObject({
      decidedBy: "rule",
      byRule: { id: rule.id, name: "write_file · path notes/**" },
      approval: { tool: "write_file", arguments: { path: "notes/deeper/second.md" } },
    });
    const listed = await api(harness.hubUrl, token, "/api/approval-rules");
    expect(listed.body).toMatchObject({ rules: [{ id: rule.id, allowedCount: 1 }] });
  });

  it("still asks for a call outside the rule", async () => {
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "secrets/third.md",
      content: "three",
    });
    await cardOnPhone(inquiryId);
    expect(await wrote("secrets/third.md")).toBe(false);
    await answerOver(phone.socket, { inquiryId, action: "reject" });
    await call;
    expect(await wrote("secrets/third.md")).toBe(false);
  });

  it("asks again once the rule is revoked", async () => {
    expect(
      (await api(harness.hubUrl, token, `/api/approval-rules/${rule.id}`, "DELETE")).status,
    ).toBe(204);
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "notes/fourth.md",
      content: "four",
    });
    await cardOnPhone(inquiryId);
    expect(await wrote("notes/fourth.md")).toBe(false);
    await answerOver(phone.socket, { inquiryId, action: "reject" });
    await call;
    expect((await api(harness.hubUrl, token, "/api/approval-rules")).body).toEqual({ rules: [] });
  });
});

describe("a rule made from a card, through request_approval (the framework bridges)", () => {
  let bench: ApprovalBench;
  beforeAll(async () => {
    bench = await startApprovalBench({}, "bridge-rules");
  });
  afterAll(() => bench.close());

  it("approves the next matching call for the same agent key with no card, and only that key", async () => {
    const { hub, person, phone } = bench;
    const client = await bench.agent("2025 session");
    const first = requestApproval(client, SEND_EMAIL);
    const opened = await first.progress.next("APPROVAL");
    const created = await api(hub.url, person.token, "/api/approval-rules", "POST", {
      fromInquiryId: opened.inquiryId,
      agent: "this-agent",
      conditions: [],
      duration: "1h",
    });
    expect(created.status).toBe(201);
    const rule = ApprovalRuleSchema.parse(created.body);
    expect(rule).toMatchObject({
      upstream: "langgraph",
      tool: "send_email",
      agentName: "framework bridge",
    });
    await answerOver(phone.socket, { inquiryId: opened.inquiryId, action: "approve" });
    await first.call;

    const cardsBefore = phone.created.length;
    const second = await requestApproval(client, SEND_EMAIL).call;
    expect(decisionOf(second)).toMatchObject({ decision: "approve" });
    expect(phone.created).toHaveLength(cardsBefore);

    const otherKey = await hub.request("/api/agent-keys", {
      token: person.token,
      body: { name: "another bridge" },
    });
    const { secret } = (await otherKey.json()) as { secret: string };
    const other = await bench.agent("2025 session", { token: secret });
    const asked = requestApproval(other, SEND_EMAIL);
    const card = await asked.progress.next("APPROVAL");
    await answerOver(phone.socket, { inquiryId: card.inquiryId, action: "reject" });
    expect(decisionOf(await asked.call)).toMatchObject({ decision: "reject" });
  });
});
