import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import {
  createMemoryAttemptLimiters,
  createRedisAttemptLimiters,
} from "../../src/platform/rate-limit/attempt-limiters";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { startTwoNodes } from "./support/two-nodes";
import type { TwoNodes } from "./support/two-nodes";
import { reportAfterAll } from "./scale";

const SMALL = {
  loginPerMinute: 3,
  loginFailuresPerAccountAddressPerHour: 3,
  loginFailuresPerAccountPerHour: 3,
  pairingPerMinute: 2,
  answersPerMinute: 2,
  inquiriesPerMinute: 2,
  // Above the per-user budget here, so this suite measures the per-user one alone.
  inquiriesPerCredentialPerMinute: 1_000,
  delegatedPerMinute: 2,
  agentCredentialsPerMinute: 2,
  conversationWritesPerMinute: 2,
};
const APPROVAL = {
  upstream: "demo",
  tool: "delete_everything",
  arguments: {},
  allowedDecisions: ["approve", "reject"] as ("approve" | "reject")[],
  description: "Delete everything?",
};

/** Expects a 429 in the wire error shape with a positive Retry-After. */
async function expectLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
}

/**
 * Abuse limits on the store in use: 429 + Retry-After past each budget, one budget shared by
 * every node on Redis, and answers refused (503) while the limiter's store is down.
 */
describe("rate limits", () => {
  let hub: TestHub | undefined;
  let nodes: TwoNodes | undefined;
  let limiterRedis: TestRedisServer | undefined;
  let limiterClient: Redis | undefined;
  const figures: string[] = [];
  afterEach(async () => {
    await hub?.close();
    await nodes?.close();
    limiterClient?.disconnect();
    await limiterRedis?.stop();
    hub = nodes = limiterRedis = limiterClient = undefined;
  });
  reportAfterAll(() => `rate limits ${figures.join(", ")}`);

  it("login, pairing create and claim: 429 with Retry-After past the budget", async () => {
    const limited = await startTestHub({ rateLimits: SMALL });
    hub = limited;
    const user = await limited.registerUser("limited");
    const login = (): Promise<Response> =>
      limited.request("/api/auth/login", {
        body: { username: user.username, password: "correct horse battery" },
      });
    for (let i = 1; i < SMALL.loginPerMinute; i += 1) expect((await login()).status).toBe(200);
    await expectLimited(await login());
    for (let i = 0; i < SMALL.pairingPerMinute; i += 1)
      expect((await limited.request("/api/pairing", { token: user.token, body: {} })).status).toBe(
        201,
      );
    await expectLimited(await limited.request("/api/pairing/claim", { body: { code: "guess" } }));
    figures.push(
      "login: register + 2 logins accepted, the 4th attempt 429 (budget 3)",
      "pairing: 2 codes created, the 3rd attempt (a claim) 429 (budget 2)",
    );
  });

  it("answers and inquiry creation share one budget per user across two Redis nodes", async () => {
    nodes = await startTwoNodes({ rateLimits: SMALL });
    const user = await nodes.a.registerUser("limited");
    const { a, b } = nodes;
    const created = [
      await a.hub.inquiries.create(user.userId, { question: "one" }),
      await b.hub.inquiries.create(user.userId, { question: "two" }),
    ];
    await expect(a.hub.inquiries.create(user.userId, { question: "three" })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    const client = await b.connectMcp(user.token);
    const refused = await client.callTool({ name: "send_inquiry", arguments: { prompt: "four" } });
    expect(refused.isError).toBe(true);
    const [first, second] = created.map((inquiry) => inquiry.id);
    expect(
      (
        await a.request(`/api/inquiries/${first}/answer`, {
          token: user.token,
          body: { response: "x" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await b.request(`/api/inquiries/${second}/answer`, {
          token: user.token,
          body: { response: "x" },
        })
      ).status,
    ).toBe(200);
    await expectLimited(
      await a.request(`/api/inquiries/${second}/answer`, {
        token: user.token,
        body: { response: "y" },
      }),
    );
    figures.push("inquiries refused after 2 across nodes", "answers 429 after 2 across nodes");
  });

  it("fails closed: with the limiter's Redis down an approval answer is 503 and stays pending", async () => {
    limiterRedis = await startRedisServer();
    limiterClient = new Redis(limiterRedis.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    await new Promise((resolve) => limiterClient?.once("ready", resolve));
    hub = await startTestHub(
      {},
      { attemptLimiters: createRedisAttemptLimiters(limiterClient, "fail-closed:") },
    );
    const user = await hub.registerUser("approver");
    const approval = await hub.hub.inquiries.create(user.userId, {
      type: "APPROVAL",
      question: "Delete?",
      approval: APPROVAL,
    });
    await limiterRedis.stop();
    const response = await hub.request(`/api/inquiries/${approval.id}/answer`, {
      token: user.token,
      body: { action: "approve" },
    });
    expect(response.status).toBe(503);
    expect((await hub.hub.inquiries.get(user.userId, approval.id)).status).toBe("pending");
    figures.push("approval with limiter store down 503, still pending");
  });

  it("the memory limiter is per process and counts each key apart", async () => {
    const limiter = createMemoryAttemptLimiters()("probe", { points: 1, windowSeconds: 60 });
    await limiter.consume("alice");
    await limiter.consume("bob");
    await expect(limiter.consume("alice")).rejects.toMatchObject({
      code: "RATE_LIMITED",
      details: { retryAfterSeconds: 60 },
    });
  });
});
