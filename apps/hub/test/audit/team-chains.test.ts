import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { AuditRecordSchema } from "../../src/features/audit/audit-record";
import type { AuditRecord } from "../../src/features/audit/audit-record";
import { verifyAuditExport } from "../../src/features/audit/verify-export";
import { waitFor } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import { gatedCall } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { signIn, startAfterTeamSetup } from "../support/team-restart";
import type { TeamAccount } from "../support/team-restart";

/**
 * A team approval's records go to the teams' chains as well as the asker's: the escalation
 * step the hub took, each vote as it was cast, and the final decision with its votes. Each
 * export holds the person's chain and their teams' chains, and verifies.
 */
describe("audit: team chains and escalations", () => {
  let harness: ProxyHarness;
  let agent: Client;
  let accounts: Record<"asker" | "ops" | "oncall", TeamAccount>;
  let teams: { ops: string; oncall: string };
  const tokens: Partial<Record<"asker" | "ops" | "oncall", string>> = {};

  beforeAll(async () => {
    const started = await startAfterTeamSetup(async (setup) => {
      const asker = await setup.register("asker");
      const ops = await setup.register("ops");
      const oncall = await setup.register("oncall");
      const opsTeam = await setup.createTeam(ops, `ops-${randomUUID().slice(0, 8)}`);
      const oncallTeam = await setup.createTeam(oncall, `oncall-${randomUUID().slice(0, 8)}`);
      return {
        tools: {
          write_file: {
            approvers: { team_id: opsTeam.id },
            escalate_to: [{ team_id: oncallTeam.id, after_seconds: 0.3 }],
            timeout_seconds: 10,
          },
        },
        state: {
          accounts: { asker, ops, oncall },
          teams: { ops: opsTeam.id, oncall: oncallTeam.id },
        },
      };
    });
    harness = started.harness;
    ({ accounts, teams } = started.state);
    for (const name of ["asker", "ops", "oncall"] as const)
      tokens[name] = await signIn(harness, accounts[name]);
    agent = await harness.connectAgent(tokens.asker ?? "");
  }, 30_000);
  afterAll(() => harness?.close());

  /** Someone's export, verified, as its records once it holds `count` of them. */
  async function exportOf(token: string, count: number): Promise<AuditRecord[]> {
    const text = await waitFor(async () => {
      const response = await fetch(new URL("/api/audit/export", harness.hubUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await response.text();
      return body.trimEnd().split("\n").length === count + 1 ? body : undefined;
    });
    expect(verifyAuditExport(text)).toMatchObject({ valid: true });
    return text
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => AuditRecordSchema.parse(JSON.parse(line)));
  }

  it("an escalated approval decided by the on-call team is in the asker's, ops' and on-call's chains", async () => {
    const oncallDevice = await harness.devices.connect({ token: tokens.oncall ?? "" });
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: `escalated-${randomUUID()}.txt`,
      content: "once",
    });
    await nextEvent(oncallDevice.socket, "inquiry:new", (each) => each.id === inquiryId);
    expect(await answerOver(oncallDevice.socket, { inquiryId, action: "approve" })).toMatchObject({
      data: { status: "answered" },
    });
    await call;

    const summary = (records: AuditRecord[]) =>
      records.map((record) => [record.chain, record.seq, record.kind, record.subject]);
    expect(summary(await exportOf(tokens.asker ?? "", 3))).toEqual([
      [`user:${accounts.asker.userId}`, 1, "escalation", inquiryId],
      [`user:${accounts.asker.userId}`, 2, "approval.vote", inquiryId],
      [`user:${accounts.asker.userId}`, 3, "approval.decision", inquiryId],
    ]);
    expect(summary(await exportOf(tokens.ops ?? "", 3))).toEqual([
      [`team:${teams.ops}`, 1, "escalation", inquiryId],
      [`team:${teams.ops}`, 2, "approval.vote", inquiryId],
      [`team:${teams.ops}`, 3, "approval.decision", inquiryId],
    ]);
    const oncall = await exportOf(tokens.oncall ?? "", 3);
    expect(summary(oncall)).toEqual([
      [`team:${teams.oncall}`, 1, "escalation", inquiryId],
      [`team:${teams.oncall}`, 2, "approval.vote", inquiryId],
      [`team:${teams.oncall}`, 3, "approval.decision", inquiryId],
    ]);
    expect(oncall[0]).toMatchObject({
      actor: { userId: accounts.asker.userId, channel: "hub" },
      detail: {
        step: 1,
        teamId: teams.oncall,
        afterSeconds: 0.3,
        newcomers: [accounts.oncall.userId],
      },
    });
    expect(oncall[1]).toMatchObject({
      actor: { userId: accounts.oncall.userId, channel: "app" },
      detail: { decision: "approve", team: teams.ops, step: 1, requester: accounts.asker.userId },
    });
    expect(oncall[1]?.actor.deviceId).toEqual(expect.any(String));
    expect(oncall[1]?.actor.deviceId).toBe(oncall[2]?.actor.deviceId);
    expect(oncall[2]).toMatchObject({
      actor: { userId: accounts.oncall.userId, channel: "app" },
      detail: {
        verdict: "approved",
        team: teams.ops,
        requester: accounts.asker.userId,
        votes: [{ userId: accounts.oncall.userId, decision: "approve" }],
      },
    });
  });
});
