import {
  CreateTeamBodySchema,
  TeamInvitationBodySchema,
  TeamInvitationClaimBodySchema,
  TeamMemberPatchBodySchema,
  UpdateSettingsBodySchema,
  WebhookConfigBodySchema,
} from "@inquiry-hub/protocol";
import fc from "fast-check";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { accountSnapshotOf } from "./support/account-snapshot";
import { expectClientError } from "./support/client-error";
import { UNLIMITED } from "./support/two-nodes";
import { budgetMs, fuzzed, reportAfterAll } from "./scale";

/** Near misses of every account body: the right keys with wrong, extra or out-of-range values. */
const nearMiss = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom("name", "role", "code", "yolo", "url", "kind", "enabled", "extra"),
    fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.constantFrom("owner", "approver", "slack", "generic", "http://10.0.0.1/hook", " "),
      fc.string({ maxLength: 300 }),
    ),
  ),
  fc.record(
    {
      yolo: fc.record(
        {
          enabled: fc.oneof(fc.boolean(), fc.anything({ maxDepth: 1 })),
          forSeconds: fc.oneof(fc.double(), fc.integer(), fc.string()),
          until: fc.oneof(fc.string(), fc.date().map(String)),
          extra: fc.anything({ maxDepth: 1 }),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      url: fc.oneof(
        fc.string({ maxLength: 100 }),
        fc.constantFrom("ftp://example.com/", "javascript:alert(1)", "http://", "x".repeat(2100)),
      ),
      kind: fc.oneof(fc.string(), fc.constantFrom("slack", "discord", "generic")),
    },
    { requiredKeys: [] },
  ),
);

/** Well-formed webhook bodies whose URL points into loopback or a private network (IP literals). */
const privateWebhook = fc.record({
  url: fc
    .tuple(
      fc.constantFrom("127", "10", "192.168", "169.254"),
      fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 }),
      fc.integer({ min: 1, max: 65_535 }),
    )
    .map(([prefix, bytes, port]) => {
      const octets = [...prefix.split("."), ...bytes.map(String)].slice(0, 4);
      return `http://${octets.join(".")}:${port}/hook`;
    }),
  kind: fc.constantFrom("slack", "discord", "generic"),
});

/**
 * Invariant 5 for the account routes: random bodies that fail the route's schema (settings,
 * teams, the webhook channel) get a 4xx in the wire error shape, and the user's settings,
 * teams, members, webhook, inquiries and devices read back exactly as before. The hub never
 * answers 5xx and keeps serving.
 */
describe("bad account input", () => {
  let node: TestHub;
  let login: TestLogin;
  let teamId: string;
  const counts = new Map<string, number>();

  beforeAll(async () => {
    node = await startTestHub({ rateLimits: UNLIMITED });
    login = await node.registerUser("account-fuzz");
    const team = await node.request("/api/teams", { token: login.token, body: { name: "Ops" } });
    expect(team.status).toBe(201);
    teamId = ((await team.json()) as { id: string }).id;
  });
  afterAll(() => node.close());
  reportAfterAll(() => {
    const mix = [...counts].map(([route, count]) => `${route} ${count}`).join(", ");
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return `bad input account routes ${total} bodies (${mix}), all 4xx, state unchanged`;
  });

  const routes: { name: string; method: string; path: () => string; schema: z.ZodType }[] = [
    {
      name: "PUT settings",
      method: "PUT",
      path: () => "/api/settings",
      schema: UpdateSettingsBodySchema,
    },
    { name: "POST teams", method: "POST", path: () => "/api/teams", schema: CreateTeamBodySchema },
    {
      name: "POST team invitation",
      method: "POST",
      path: () => `/api/teams/${teamId}/invitations`,
      schema: TeamInvitationBodySchema,
    },
    {
      name: "POST invitation claim",
      method: "POST",
      path: () => "/api/teams/invitations/claim",
      schema: TeamInvitationClaimBodySchema,
    },
    {
      name: "PATCH team member",
      method: "PATCH",
      path: () => `/api/teams/${teamId}/members/${login.userId}`,
      schema: TeamMemberPatchBodySchema,
    },
    {
      name: "PUT webhook",
      method: "PUT",
      path: () => "/api/channels/webhook",
      schema: WebhookConfigBodySchema,
    },
  ];

  async function send(route: string, method: string, path: string, body: unknown): Promise<void> {
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const rawBody = JSON.stringify(body) ?? "null";
    await expectClientError(await node.request(path, { method, token: login.token, rawBody }));
  }

  for (const route of routes) {
    it(
      `${route.name}: any body its schema refuses is a clear 4xx and changes nothing`,
      async () => {
        const before = await accountSnapshotOf(node, login);
        await fc.assert(
          fc.asyncProperty(
            nearMiss.filter((body) => !route.schema.safeParse(body).success),
            (body) => send(route.name, route.method, route.path(), body),
          ),
          fuzzed(),
        );
        expect(await accountSnapshotOf(node, login)).toBe(before);
      },
      budgetMs(20_000, 120_000),
    );
  }

  it(
    "PUT webhook: a well-formed URL into loopback or a private network is a 4xx, nothing stored",
    async () => {
      const before = await accountSnapshotOf(node, login);
      await fc.assert(
        fc.asyncProperty(privateWebhook, (body) =>
          send("PUT webhook (private address)", "PUT", "/api/channels/webhook", body),
        ),
        fuzzed(),
      );
      expect(await accountSnapshotOf(node, login)).toBe(before);
    },
    budgetMs(20_000, 120_000),
  );
});
