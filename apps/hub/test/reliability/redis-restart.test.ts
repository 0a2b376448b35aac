import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestNode } from "../support/cluster";
import type { TestNode } from "../support/cluster";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { answerByHttp } from "./support/answer-attempts";
import { UNLIMITED } from "./support/two-nodes";
import { report } from "./scale";

const APPROVALS = 10;
const APPROVAL = {
  upstream: "demo",
  tool: "drop_database",
  arguments: {},
  allowedDecisions: ["approve", "reject"] as ("approve" | "reject")[],
  description: "Drop the database?",
};

/**
 * Redis (AOF, fsync always) dies and comes back while approvals are pending. Fail closed:
 * answers during the outage are refused, nothing is approved by the fault itself, and after
 * the restart each approval resolves once, by the person, whatever races.
 */
describe("Redis restarted with approvals pending", () => {
  let dir: string;
  let redis: TestRedisServer;
  let a: TestNode;
  let b: TestNode;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "aof-"));
    redis = await startRedisServer({ appendOnlyDir: dir });
    const cluster = { redisUrl: redis.url, keyPrefix: `aof-${randomUUID()}:`, leaseSeconds: 3 };
    a = await startTestNode(cluster, { rateLimits: UNLIMITED, heartbeatSeconds: 30 });
    b = await startTestNode(cluster, { rateLimits: UNLIMITED, heartbeatSeconds: 30 });
  });
  afterAll(async () => {
    await Promise.allSettled([a.close(), b.close()]);
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("never grants an approval by fault, and resolves each once after the restart", async () => {
    const owner = await a.registerUser("approver");
    const ids = await Promise.all(
      Array.from({ length: APPROVALS }, async (_, index) => {
        const created = await a.hub.inquiries.create(owner.userId, {
          type: "APPROVAL",
          question: `Drop ${index}?`,
          approval: APPROVAL,
        });
        return created.id;
      }),
    );

    await redis.stop();
    const during = await Promise.all(
      ids.map((id) => answerByHttp(b, owner.token, id, { action: "approve" })),
    );
    expect(during.every((attempt) => !attempt.ok && attempt.status >= 500)).toBe(true);
    await redis.start();
    await Promise.all([a.redis.ready(), b.redis.ready()]);

    const statuses = await Promise.all(
      ids.map(async (id) => (await b.hub.inquiries.get(owner.userId, id)).status),
    );
    expect(statuses.every((status) => status === "pending")).toBe(true);

    const races = await Promise.all(
      ids.map((id) =>
        Promise.all([
          answerByHttp(a, owner.token, id, { action: "approve" }),
          answerByHttp(b, owner.token, id, { action: "reject", reason: "no" }),
          answerByHttp(b, owner.token, id, { action: "approve" }),
        ]),
      ),
    );
    const winners = races.map((attempts) => attempts.filter((attempt) => attempt.ok).length);
    report(
      `redis restart (AOF, fsync always) ${APPROVALS} approvals pending: ${during.length} answers ` +
        `during the outage refused, ${statuses.filter((status) => status === "pending").length} still ` +
        `pending after it, ${winners.filter((count) => count === 1).length} resolved exactly once, ` +
        `0 approved by the fault`,
    );
    expect(winners).toEqual(ids.map(() => 1));
  });
});
