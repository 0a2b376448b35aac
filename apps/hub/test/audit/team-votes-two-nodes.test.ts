import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestLogin } from "../helpers";
import { startTestNode } from "../support/cluster";
import type { TestNode } from "../support/cluster";
import { gatedCall, startDemoUpstream } from "../support/proxy-harness";
import type { DemoUpstream } from "../support/proxy-harness";
import { publicKeyOf, verifyCli } from "./audit-bench";
import { answerAt, exportAt } from "./team-vote-bench";

const JOINED = "2026-11-28T06:00:00.000Z";

/**
 * Two hub nodes on one real redis-server, both serving team ops (a, b, c; three approvals
 * needed), whose members vote on one approval through either node at once, one of them
 * twice. Each vote is appended once, by the node that cast it, to the requester's chain and
 * the team's; the decision by the node holding the call. Both exports verify with the CLI.
 */
describe("audit: team votes on two nodes, on Redis", () => {
  let redis: TestRedisServer;
  let upstream: DemoUpstream;
  let nodeA: TestNode;
  let nodeB: TestNode;
  let people: Record<"r" | "a" | "b" | "c", TestLogin>;
  let folder = "";
  const teamId = randomUUID();

  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await startDemoUpstream({
      write_file: { approvers: { team_id: teamId }, approvals_required: 3 },
    });
    const cluster = { redisUrl: redis.url, keyPrefix: `votes-${randomUUID()}:`, leaseSeconds: 3 };
    nodeA = await startTestNode(cluster, { proxy: upstream.proxy });
    nodeB = await startTestNode(cluster, { proxy: upstream.proxy });
    const [r, a, b, c] = await Promise.all(
      ["r", "a", "b", "c"].map((name) => nodeA.registerUser(name)),
    );
    if (!r || !a || !b || !c) throw new Error("no accounts");
    people = { r, a, b, c };
    const teams = nodeA.redis.teamStore;
    await teams.create(
      { id: teamId, name: "ops", createdAt: JOINED },
      { userId: a.userId, role: "owner", joinedAt: JOINED },
    );
    for (const member of [b, c])
      await teams.putMember(teamId, { userId: member.userId, role: "approver", joinedAt: JOINED });
    folder = await mkdtemp(join(tmpdir(), "audit-votes-nodes-"));
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled([nodeA?.close(), nodeB?.close()]);
    await upstream?.close();
    await redis?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("votes through both nodes at once are each in both chains once, seq 1..4, verified", async () => {
    const agent = new Client({ name: "votes-agent", version: "1.0.0" });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", nodeA.url), {
        requestInit: { headers: { authorization: `Bearer ${people.r.token}` } },
      }),
    );
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: `nodes-${randomUUID()}.txt`,
      content: "three people",
    });
    const second = await nodeB.login(people.a.username);
    const votes = await Promise.all([
      answerAt(nodeA.url, people.a.token, inquiryId, { action: "approve" }),
      answerAt(nodeB.url, second.token, inquiryId, { action: "approve", via: "push" }),
      answerAt(nodeB.url, people.b.token, inquiryId, { action: "approve", via: "push" }),
      answerAt(nodeA.url, people.c.token, inquiryId, { action: "approve" }),
    ]);
    expect(votes.map((response) => response.status).sort()).toEqual([200, 200, 200, 409]);
    await call;
    await agent.close();

    const asker = await exportAt(nodeB.url, people.r.token, 4);
    const team = await exportAt(nodeA.url, people.a.token, 4);
    for (const [records, chain] of [
      [asker.records, `user:${people.r.userId}`],
      [team.records, `team:${teamId}`],
    ] as const) {
      expect(records.map((record) => [record.chain, record.seq])).toEqual(
        [1, 2, 3, 4].map((seq) => [chain, seq]),
      );
      const voters = records
        .filter((record) => record.kind === "approval.vote")
        .map((record) => record.actor.userId);
      expect(voters.sort()).toEqual([people.a.userId, people.b.userId, people.c.userId].sort());
      expect(records.filter((record) => record.kind === "approval.decision")).toHaveLength(1);
      expect(records.find((record) => record.actor.userId === people.b.userId)?.actor.channel).toBe(
        "push",
      );
    }
    const keyFile = join(folder, "public.pem");
    await writeFile(keyFile, await publicKeyOf(nodeB, people.r.token));
    for (const { text } of [asker, team])
      expect(await verifyCli(folder, text, ["--public-key", keyFile])).toEqual({
        code: 0,
        out: expect.stringMatching(
          /^valid: 4 records in \d chains?, key [0-9a-f]{16}\n$/,
        ) as string,
      });
  });
});
