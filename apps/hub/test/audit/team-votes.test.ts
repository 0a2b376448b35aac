import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestOf } from "../../src/features/audit/audit-record";
import { answerOver } from "../socket-helpers";
import { gatedCall } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { signIn, startAfterTeamSetup } from "../support/team-restart";
import type { TeamAccount } from "../support/team-restart";
import { verifyCli } from "./audit-bench";
import { answerAt, exportAt, voteSummary } from "./team-vote-bench";

/**
 * Each vote on a team approval is a record of its own, appended when it is cast to the chain
 * of the person whose agent asked and to the team's chain: who, from which device, through
 * what (the app, or a push notification's action), approve or reject, when. Here team ops
 * (owner a, approver b) must both approve write_file, which r's agent calls.
 */
describe("audit: team votes, on memory", () => {
  let harness: ProxyHarness;
  let folder = "";
  let teamId = "";
  let accounts: Record<"r" | "a" | "b", TeamAccount>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const started = await startAfterTeamSetup(async (setup) => {
      const r = await setup.register("r");
      const a = await setup.register("a");
      const b = await setup.register("b");
      const team = await setup.createTeam(a, `ops-${randomUUID().slice(0, 8)}`);
      await setup.join(a, team.id, b, "approver");
      return {
        tools: { write_file: { approvers: { team_id: team.id }, approvals_required: 2 } },
        state: { accounts: { r, a, b }, teamId: team.id },
      };
    });
    harness = started.harness;
    ({ accounts, teamId } = started.state);
    for (const name of ["r", "a", "b"] as const)
      tokens[name] = await signIn(harness, accounts[name]);
    folder = await mkdtemp(join(tmpdir(), "audit-votes-"));
  }, 30_000);
  afterAll(async () => {
    await harness?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("appends each vote as it is cast; a push action's vote and the decision it makes say push", async () => {
    const agent = await harness.connectAgent(tokens.r ?? "");
    const args = { path: `votes-${randomUUID()}.txt`, content: "two people" };
    const bDevice = await harness.devices.connect({ token: tokens.b ?? "" });
    const { call, inquiryId } = await gatedCall(agent, "write_file", args);

    expect(await answerOver(bDevice.socket, { inquiryId, action: "approve" })).toMatchObject({
      data: { status: "pending" },
    });
    // The first vote is in both chains before anyone else voted.
    const [first] = (await exportAt(harness.hubUrl, tokens.r ?? "", 1)).records;
    expect(first).toMatchObject({
      chain: `user:${accounts.r.userId}`,
      seq: 1,
      kind: "approval.vote",
      subject: inquiryId,
      argumentsDigest: digestOf(args),
      actor: { userId: accounts.b.userId, channel: "app" },
      durationMs: expect.any(Number) as number,
      detail: {
        decision: "approve",
        team: teamId,
        step: 0,
        requester: accounts.r.userId,
        required: 2,
        tool: "write_file",
        upstream: "demo",
      },
    });
    expect(first?.actor.deviceId).toEqual(expect.any(String));

    const pushed = await answerAt(harness.hubUrl, tokens.a ?? "", inquiryId, {
      action: "approve",
      via: "push",
    });
    expect(pushed.status).toBe(200);
    await call;

    const asker = await exportAt(harness.hubUrl, tokens.r ?? "", 3);
    expect(asker.records.map(voteSummary)).toEqual([
      [`user:${accounts.r.userId}`, "approval.vote", accounts.b.userId, "app", "approve"],
      [`user:${accounts.r.userId}`, "approval.vote", accounts.a.userId, "push", "approve"],
      [`user:${accounts.r.userId}`, "approval.decision", accounts.a.userId, "push", "approved"],
    ]);
    const team = await exportAt(harness.hubUrl, tokens.a ?? "", 3);
    expect(team.records.map((record) => [record.chain, record.kind, record.hash])).toEqual(
      [1, 2, 3].map((seq) => [
        `team:${teamId}`,
        asker.records[seq - 1]?.kind,
        expect.any(String) as string,
      ]),
    );
    expect(team.records.map((record) => record.actor)).toEqual(
      asker.records.map((record) => record.actor),
    );
    for (const { text } of [asker, team])
      expect(await verifyCli(folder, text)).toEqual({
        code: 0,
        out: expect.stringMatching(
          /^valid: 3 records in \d chains?, key [0-9a-f]{16}\n$/,
        ) as string,
      });
    await agent.close();
  });
});
