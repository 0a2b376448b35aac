import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  CreatedAgentKeySchema,
  HISTORY_EXPORT_COLUMNS,
  HistoryExportRecordSchema,
  HistoryPageSchema,
} from "@inquiry-hub/protocol";
import type { HistoryExportRecord, Inquiry } from "@inquiry-hub/protocol";
import { REDACTED_APPROVAL_QUESTION } from "../../src/features/history/history-records";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

/** Search, filters and export of `GET /api/history[/export]` over one user's history. */
describe("history search and export", () => {
  let hub: TestHub;
  let owner: TestLogin;
  let phone: TestLogin;
  let agentKeyId: string;
  let agentSecret: string;
  let deploy: Inquiry;
  let lunch: Inquiry;
  let formula: Inquiry;
  let pending: Inquiry;

  const delay = () => new Promise((resolve) => setTimeout(resolve, 5));

  async function answer(token: string, id: string, body: Record<string, unknown>) {
    const response = await hub.request(`/api/inquiries/${id}/answer`, { token, body });
    expect(response.status).toBe(200);
  }

  beforeAll(async () => {
    hub = await startTestHub();
    owner = await hub.registerUser("searcher", "Work laptop");
    phone = await hub.login(owner.username, "Pocket phone");
    const created = await hub.request("/api/agent-keys", {
      token: owner.token,
      body: { name: "build bot" },
    });
    expect(created.status).toBe(201);
    const key = CreatedAgentKeySchema.parse(await created.json());
    agentKeyId = key.key.id;
    agentSecret = key.secret;

    deploy = await hub.hub.inquiries.create(owner.userId, {
      type: "APPROVAL",
      question: "Run the deploy script?",
      approval: {
        upstream: "shell",
        tool: "run_command",
        arguments: { command: "deploy --env PRODUCTION", token: "s3cret-value" },
        allowedDecisions: ["approve", "edit", "reject"],
        description: "Run the deploy script?",
      },
      askedByCredentialId: agentKeyId,
    });
    await answer(phone.token, deploy.id, { action: "approve" });
    await delay();
    lunch = await hub.hub.inquiries.create(owner.userId, { question: "Where shall we eat?" });
    await answer(owner.token, lunch.id, { response: "Noodle bar, at one" });
    await delay();
    formula = await hub.hub.inquiries.create(owner.userId, {
      question: '=HYPERLINK("http://evil.example","click"), then "quoted"\nnext line',
    });
    await answer(owner.token, formula.id, { response: "@SUM(A1:A9)" });
    await delay();
    pending = await hub.hub.inquiries.create(owner.userId, {
      question: "Shall I deploy the docs too?",
      askedByCredentialId: agentKeyId,
    });
  });
  afterAll(() => hub.close());

  async function ids(query: string): Promise<string[]> {
    const response = await hub.request(`/api/history${query}`, { token: owner.token });
    expect(response.status).toBe(200);
    return HistoryPageSchema.parse(await response.json()).items.map((item) => item.id);
  }

  async function exported(query: string) {
    const response = await hub.request(`/api/history/export${query}`, { token: owner.token });
    expect(response.status).toBe(200);
    return { response, text: await response.text() };
  }

  function jsonLines(text: string): HistoryExportRecord[] {
    expect(text.endsWith("\n")).toBe(true);
    return text
      .trimEnd()
      .split("\n")
      .map((line) => HistoryExportRecordSchema.parse(JSON.parse(line)));
  }

  it("searches question, answer, tool name and arguments, case-insensitively", async () => {
    expect(await ids("?q=DEPLOY")).toEqual([pending.id, deploy.id]);
    expect(await ids("?q=noodle")).toEqual([lunch.id]);
    expect(await ids("?q=run_comm")).toEqual([deploy.id]);
    expect(await ids("?q=production")).toEqual([deploy.id]);
    expect(await ids("?q=nothing-like-this")).toEqual([]);
  });

  it("filters by status, tool, asking credential, resolving device and date", async () => {
    expect(await ids("?status=pending")).toEqual([pending.id]);
    expect(await ids("?tool=run_command")).toEqual([deploy.id]);
    expect(await ids("?tool=run")).toEqual([]);
    expect(await ids(`?credential=${agentKeyId}`)).toEqual([pending.id, deploy.id]);
    expect(await ids(`?device=${phone.deviceId}`)).toEqual([deploy.id]);
    expect(await ids("?device=work%20LAPTOP")).toEqual([formula.id, lunch.id]);
    expect(await ids(`?from=${lunch.createdAt}&to=${formula.createdAt}`)).toEqual([
      formula.id,
      lunch.id,
    ]);
    expect(await ids(`?to=${deploy.createdAt}`)).toEqual([deploy.id]);
    const today = deploy.createdAt.slice(0, 10);
    expect(await ids(`?from=${today}&to=${today}`)).toHaveLength(4);
    expect(await ids("?from=2000-01-01&to=2000-01-01")).toEqual([]);
    expect(await ids(`?q=deploy&status=answered&credential=${agentKeyId}`)).toEqual([deploy.id]);
  });

  it("exports exactly the matching records as JSON Lines, arguments redacted", async () => {
    const { response, text } = await exported(`?format=jsonl&q=deploy`);
    expect(response.headers.get("content-type")).toMatch(/^application\/jsonl/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="inquiry-history-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    const records = jsonLines(text);
    expect(records.map((record) => record.id)).toEqual([pending.id, deploy.id]);
    expect(records[1]).toMatchObject({
      status: "answered",
      decision: "approved",
      decidedBy: "person",
      type: "APPROVAL",
      question: REDACTED_APPROVAL_QUESTION,
      byDeviceId: phone.deviceId,
      byDeviceName: "Pocket phone",
      askedByCredentialId: agentKeyId,
      askedByName: "build bot",
      upstream: "shell",
      tool: "run_command",
      createdAt: deploy.createdAt,
    });
    expect(records[1]?.resolvedAt).not.toBeNull();
    expect(Object.keys(records[1]?.arguments ?? {})).toEqual(["command", "token"]);
    expect(text).not.toMatch(/s3cret-value|PRODUCTION/);
    expect(records[0]).toMatchObject({
      status: "pending",
      decision: "pending",
      decidedBy: null,
      resolvedAt: null,
      byDeviceId: null,
    });
  });

  it("exports CSV with quoting and the formula-injection guard", async () => {
    const { response, text } = await exported(`?format=csv&device=${owner.deviceId}`);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/filename=".+\.csv"$/);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(HISTORY_EXPORT_COLUMNS.join(","));
    expect(lines.at(-1)).toBe("");
    const formulaRow =
      `${formula.id},${formula.createdAt},` +
      `${(await hub.hub.inquiries.get(owner.userId, formula.id)).resolution?.resolvedAt ?? ""},` +
      `answered,answered,person,INQUIRY,` +
      `"'=HYPERLINK(""http://evil.example"",""click""), then ""quoted""\nnext line",` +
      `'@SUM(A1:A9),,,${owner.deviceId},Work laptop,,,,,,,`;
    expect(text).toContain(`\r\n${formulaRow}\r\n`);
    expect(text).toContain(`${lunch.id},`);
    expect(text).toContain('"Noodle bar, at one"');
    expect(text).not.toContain(deploy.id);
    expect(text).not.toContain(pending.id);
    expect(lines.filter((line) => /^[0-9a-f-]{36},/.test(line))).toHaveLength(2);
  });

  it("refuses bad filters with 400 naming the field", async () => {
    for (const [query, field] of [
      ["?status=maybe", "status"],
      ["?from=yesterday", "from"],
      ["?to=2026-13-45", "to"],
      ["?from=2026-02-01&to=2026-01-01", "from"],
      [`?q=${"x".repeat(201)}`, "q"],
      ["?q=", "q"],
    ] as const) {
      for (const path of ["/api/history", "/api/history/export"]) {
        const suffix = path.endsWith("export") ? "&format=csv" : "";
        const response = await hub.request(`${path}${query}${suffix}`, { token: owner.token });
        expect(response.status, `${path}${query}`).toBe(400);
        const body = ApiErrorBodySchema.parse(await response.json());
        expect(body.error.message, `${path}${query}`).toMatch(new RegExp(`^${field}: `));
      }
    }
    const noFormat = await hub.request("/api/history/export", { token: owner.token });
    expect(noFormat.status).toBe(400);
    expect(ApiErrorBodySchema.parse(await noFormat.json()).error.message).toMatch(/^format: /);
    const xml = await hub.request("/api/history/export?format=xml", { token: owner.token });
    expect(xml.status).toBe(400);
  });

  it("refuses agent credentials (403) and strangers see nothing of another's history", async () => {
    for (const path of ["/api/history?q=deploy", "/api/history/export?format=jsonl"]) {
      expect((await hub.request(path, { token: agentSecret })).status).toBe(403);
      expect((await hub.request(path)).status).toBe(401);
    }
    const stranger = await hub.registerUser("stranger");
    const response = await hub.request("/api/history/export?format=jsonl", {
      token: stranger.token,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

describe("history export under HUB_AUDIT_FULL_ARGUMENTS=1", () => {
  let hub: TestHub;
  afterAll(() => hub.close());

  it("carries the approval's arguments in full", async () => {
    hub = await startTestHub({ auditFullArguments: true });
    const owner = await hub.registerUser("auditor");
    const args = { command: "deploy --env PRODUCTION", retries: 2 };
    const inquiry = await hub.hub.inquiries.create(owner.userId, {
      type: "APPROVAL",
      question: "Run it?",
      approval: {
        upstream: "shell",
        tool: "run_command",
        arguments: args,
        allowedDecisions: ["approve", "reject"],
        description: "Run it?",
      },
    });
    const response = await hub.request("/api/history/export?format=jsonl&tool=run_command", {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    const record = HistoryExportRecordSchema.parse(JSON.parse(await response.text()));
    expect(record).toMatchObject({
      id: inquiry.id,
      status: "pending",
      question: "Run it?",
      arguments: args,
    });
  });
});
