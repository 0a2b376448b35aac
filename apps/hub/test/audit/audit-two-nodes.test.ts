import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestLogin } from "../helpers";
import { startTestNode } from "../support/cluster";
import type { ClusterOptions, TestNode } from "../support/cluster";
import { connectV2, createAgentKey } from "../support/request-approval";
import { approveMany, exportWith, publicKeyOf, verifyCli } from "./audit-bench";

/** Approvals each node holds at once; both nodes decide theirs together. */
const PER_NODE = 10;

/**
 * Two hub nodes on one real redis-server append one person's decisions to one chain at the
 * same time: the export verifies with the real CLI against the key either node publishes, with
 * seq 1..n, no gap, no fork, every decision once. A node started later continues that chain.
 */
describe("audit: two nodes, one chain, on Redis", () => {
  let redis: TestRedisServer;
  let cluster: ClusterOptions;
  let nodeA: TestNode;
  let nodeB: TestNode;
  let person: TestLogin;
  let agentKey = "";
  let folder = "";

  beforeAll(async () => {
    redis = await startRedisServer();
    cluster = { redisUrl: redis.url, keyPrefix: `audit-${randomUUID()}:`, leaseSeconds: 3 };
    nodeA = await startTestNode(cluster);
    nodeB = await startTestNode(cluster);
    person = await nodeA.registerUser("audit-nodes");
    agentKey = await createAgentKey(nodeA, person.token);
    folder = await mkdtemp(join(tmpdir(), "audit-nodes-"));
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled([nodeA?.close(), nodeB?.close()]);
    await redis?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("decisions held on both nodes at once make one chain, seq 1..n, that the CLI verifies", async () => {
    const [agentA, agentB] = await Promise.all([
      connectV2(nodeA, agentKey, "2026-07-28"),
      connectV2(nodeB, agentKey, "2026-07-28"),
    ]);
    // Each node's calls are answered through the other node, so both append at once.
    const decided = await Promise.all([
      approveMany(agentA, nodeB, person.token, PER_NODE),
      approveMany(agentB, nodeA, person.token, PER_NODE),
    ]);
    await Promise.all([agentA.close(), agentB.close()]);
    const { text, records } = await exportWith(nodeB, person.token, 2 * PER_NODE);
    expect(records.map((record) => record.seq)).toEqual(
      Array.from({ length: 2 * PER_NODE }, (_, index) => index + 1),
    );
    expect(records.every((record) => record.chain === `user:${person.userId}`)).toBe(true);
    expect(new Set(records.map((record) => record.subject))).toEqual(new Set(decided.flat()));
    const keyA = await publicKeyOf(nodeA, person.token);
    expect(await publicKeyOf(nodeB, person.token)).toBe(keyA);
    const keyFile = join(folder, "public.pem");
    await writeFile(keyFile, keyA);
    expect(await verifyCli(folder, text, ["--public-key", keyFile])).toEqual({
      code: 0,
      out: expect.stringMatching(/^valid: 20 records in 1 chains?, key [0-9a-f]{16}\n$/) as string,
    });
  });

  it("a node started after the others continues the chain with the same key", async () => {
    const before = await exportWith(nodeA, person.token, 2 * PER_NODE);
    await nodeB.close();
    nodeB = await startTestNode(cluster);
    const agent = await connectV2(nodeB, agentKey, "2026-07-28");
    const [later] = await approveMany(agent, nodeB, person.token, 1);
    await agent.close();
    const after = await exportWith(nodeB, person.token, 2 * PER_NODE + 1);
    expect(after.records.slice(0, -1)).toEqual(before.records);
    expect(after.records.at(-1)).toMatchObject({
      seq: 2 * PER_NODE + 1,
      subject: later,
      prevHash: before.records.at(-1)?.hash,
    });
    expect(await publicKeyOf(nodeB, person.token)).toBe(await publicKeyOf(nodeA, person.token));
    expect(
      (await verifyCli(folder, after.text, ["--public-key", join(folder, "public.pem")])).code,
    ).toBe(0);
  });
});
