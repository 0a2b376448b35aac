import { AnswerBodySchema, LoginBodySchema, PairingClaimBodySchema } from "@inquiry-hub/protocol";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { UNLIMITED } from "./support/two-nodes";
import { snapshotOf } from "./support/state-snapshot";
import { budgetMs, fuzzed, reportAfterAll } from "./scale";

/**
 * Arbitrary bodies as they travel: each value is what the hub parses from the JSON that is sent
 * (`action: undefined` is dropped, NaN becomes null), so validity is judged on what the hub
 * sees. Every schema below rejects most of them.
 */
const anyBody = fc
  .oneof(
    fc.anything({ maxDepth: 3 }),
    fc.dictionary(
      fc.constantFrom(
        "username",
        "password",
        "response",
        "action",
        "code",
        "deviceName",
        "reason",
        "values",
        "arguments",
      ),
      fc.anything({ maxDepth: 2 }),
    ),
  )
  .map(asSent);

/**
 * Invariant 5 over HTTP: random bodies that fail each route's schema get a 4xx with the wire
 * error shape, and the user's state is byte-for-byte the same afterwards.
 */
describe("bad HTTP input", () => {
  let node: TestHub;
  let login: TestLogin;
  let inquiryId: string;
  let requests = 0;

  beforeAll(async () => {
    node = await startTestHub({ rateLimits: UNLIMITED });
    login = await node.registerUser("fuzz");
    inquiryId = (await node.hub.inquiries.create(login.userId, { question: "stay pending" })).id;
  });
  afterAll(() => node.close());
  reportAfterAll(() => `bad input HTTP ${requests} random bodies, all 4xx, state unchanged`);

  async function expectClientError(path: string, body: unknown, token?: string): Promise<void> {
    requests += 1;
    const response = await node.request(path, {
      rawBody: JSON.stringify(body),
      ...(token === undefined ? {} : { token }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const json = (await response.json()) as { error: { code: string; message: string } };
    expect(json.error.message.length).toBeGreaterThan(0);
  }

  const routes: {
    name: string;
    path: () => string;
    rejects: (body: unknown) => boolean;
    auth: boolean;
  }[] = [
    {
      name: "register",
      path: () => "/api/auth/register",
      rejects: (b) => !LoginBodySchema.safeParse(b).success,
      auth: false,
    },
    {
      name: "login",
      path: () => "/api/auth/login",
      rejects: (b) => !LoginBodySchema.safeParse(b).success,
      auth: false,
    },
    {
      name: "answer",
      path: () => `/api/inquiries/${inquiryId}/answer`,
      rejects: (b) => !AnswerBodySchema.safeParse(b).success,
      auth: true,
    },
    {
      name: "pairing claim",
      path: () => "/api/pairing/claim",
      rejects: (b) => !PairingClaimBodySchema.safeParse(b).success,
      auth: false,
    },
  ];

  for (const route of routes) {
    it(
      `${route.name}: any invalid body is a clear 4xx and changes nothing`,
      async () => {
        const before = await snapshotOf(node, login);
        await fc.assert(
          fc.asyncProperty(anyBody.filter(route.rejects), (body) =>
            expectClientError(route.path(), body, route.auth ? login.token : undefined),
          ),
          fuzzed(),
        );
        expect(await snapshotOf(node, login)).toBe(before);
      },
      budgetMs(20_000, 120_000),
    );
  }

  it("malformed JSON, wrong ids and oversized bodies are refused without a change", async () => {
    const before = await snapshotOf(node, login);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (raw) => {
        fc.pre(!isJson(raw));
        requests += 1;
        const response = await node.request(`/api/inquiries/${inquiryId}/answer`, {
          rawBody: raw,
          token: login.token,
        });
        expect(response.status).toBe(400);
      }),
      fuzzed(),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 300 }), async (id) => {
        requests += 1;
        const path = `/api/devices/${encodeURIComponent(id)}`;
        const response = await node.request(path, { method: "DELETE", token: login.token });
        expect([400, 404]).toContain(response.status);
      }),
      fuzzed(),
    );
    const huge = await node.request(`/api/inquiries/${inquiryId}/answer`, {
      token: login.token,
      body: { response: "x".repeat(128 * 1024) },
    });
    requests += 1;
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe(
      "PAYLOAD_TOO_LARGE",
    );
    expect(await snapshotOf(node, login)).toBe(before);
  });
});

/** `value` after the trip through JSON; a bare `undefined` is sent as `null`. */
function asSent(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value) ?? "null") as unknown;
}

function isJson(raw: string): boolean {
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
}
