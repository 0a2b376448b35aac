import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileExists, gatedCall } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { signIn, startAfterTeamSetup } from "../support/team-restart";
import type { TeamAccount } from "../support/team-restart";
import { answerAt, exportAt, voteSummary } from "../audit/team-vote-bench";

type Name = "requester" | "a" | "b" | "viewer" | "stranger";

/**
 * Red team: votes in the audit. A team approval's votes are records of the requester's and
 * the team's chains, so a person who could append one at will could put words in the record.
 * A vote cast twice (two devices of one approver at once, a push action after the app), a vote
 * by a viewer or by someone outside the team, and a body claiming the MCP client as its channel
 * are all refused, and none appends a record; a push action's body naming another device
 * changes only the channel, never who voted nor from which device.
 */
describe("red team: votes in the audit chain", () => {
  let harness: ProxyHarness;
  let accounts: Record<Name, TeamAccount>;
  const tokens: Partial<Record<Name | "aSecond", string>> = {};
  const token = (name: Name | "aSecond") => tokens[name] ?? "";

  beforeAll(async () => {
    const started = await startAfterTeamSetup(async (setup) => {
      const [requester, a, b, viewer, stranger] = await Promise.all(
        (["requester", "a", "b", "viewer", "stranger"] as const).map((name) =>
          setup.register(name),
        ),
      );
      if (!requester || !a || !b || !viewer || !stranger) throw new Error("no accounts");
      const team = await setup.createTeam(a, `ops-${randomUUID().slice(0, 8)}`);
      await setup.join(a, team.id, b, "approver");
      await setup.join(a, team.id, viewer, "viewer");
      return {
        tools: { write_file: { approvers: { team_id: team.id }, approvals_required: 2 } },
        state: { requester, a, b, viewer, stranger },
      };
    });
    harness = started.harness;
    accounts = started.state;
    for (const name of ["requester", "a", "b", "viewer", "stranger"] as const)
      tokens[name] = await signIn(harness, accounts[name]);
    tokens.aSecond = await signIn(harness, accounts.a);
  }, 30_000);
  afterAll(() => harness?.close());

  it("a vote cast twice, by a viewer, by a stranger or claiming the MCP client appends nothing", async () => {
    const agent = await harness.connectAgent(token("requester"));
    const file = `red-votes-${randomUUID()}.txt`;
    const { call, inquiryId } = await gatedCall(agent, "write_file", { path: file, content: "x" });
    const vote = (name: Name | "aSecond", body: unknown) =>
      answerAt(harness.hubUrl, token(name), inquiryId, body);

    // Two devices of one approver at once: the vote store casts one of them.
    const twice = await Promise.all([
      vote("a", { action: "approve" }),
      vote("aSecond", { action: "approve", via: "push" }),
    ]);
    expect(twice.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await vote("a", { action: "reject", via: "push" })).status).toBe(409);
    expect((await vote("viewer", { action: "approve" })).status).toBe(403);
    expect((await vote("stranger", { action: "approve", via: "push" })).status).toBe(404);
    const claimed = await vote("b", { action: "approve", via: "mcp-client" });
    expect(claimed.status).toBe(400);
    expect(await claimed.text()).toContain("via");
    expect(await fileExists(`${harness.sandboxDir}/${file}`)).toBe(false);

    const [first] = (await exportAt(harness.hubUrl, token("requester"), 1)).records;
    const aDevice = first?.actor.deviceId ?? "";
    expect(aDevice).not.toBe("");
    // b's push action names a's device: recorded as b's vote from b's own device.
    const lying = await vote("b", { action: "approve", via: "push", deviceId: aDevice });
    expect(lying.status).toBe(200);
    await call;

    // Appends of one chain on a node run in order, so a stray vote would precede these.
    const { records } = await exportAt(harness.hubUrl, token("requester"), 3);
    const chain = `user:${accounts.requester.userId}`;
    expect(records.map(voteSummary)).toEqual([
      [chain, "approval.vote", accounts.a.userId, expect.stringMatching(/^(app|push)$/), "approve"],
      [chain, "approval.vote", accounts.b.userId, "push", "approve"],
      [chain, "approval.decision", accounts.b.userId, "push", "approved"],
    ]);
    expect(records[1]?.actor.deviceId).not.toBe(aDevice);
    expect(records[1]?.actor.deviceId).toBe(records[2]?.actor.deviceId);
    const strangers = await exportAt(harness.hubUrl, token("stranger"), 0);
    expect(strangers.records).toEqual([]);
    await agent.close();
  });
});
