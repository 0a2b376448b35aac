import {
  ApprovalRulesExportSchema,
  CreateApprovalRuleBodySchema,
  UpdateApprovalRuleBodySchema,
} from "@inquiry-hub/protocol";
import fc from "fast-check";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { expectClientError } from "./support/client-error";
import { UNLIMITED } from "./support/two-nodes";
import { budgetMs, fuzzed, reportAfterAll } from "./scale";

/** A condition that is nearly right: real argument names and kinds, wrong or mixed values. */
const nearCondition = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.record(
    {
      arg: fc.oneof(fc.constantFrom("path", "query", "a.b", "", "../x", "a..b"), fc.string()),
      glob: fc.oneof(fc.constantFrom([], ["notes/**"], [""]), fc.anything({ maxDepth: 1 })),
      sql: fc.oneof(
        fc.constantFrom(["select"], ["write"], ["selekt"], ["SELECT"], []),
        fc.string(),
      ),
      lte: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
      extra: fc.anything({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  ),
);

/** Near misses of every rules body: the right keys with wrong, extra or out-of-range values. */
const nearMiss = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.record(
    {
      fromInquiryId: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
      agent: fc.oneof(fc.constantFrom("this-agent", "any-agent", "all"), fc.anything()),
      conditions: fc.oneof(fc.array(nearCondition, { maxLength: 7 }), fc.anything({ maxDepth: 1 })),
      duration: fc.oneof(fc.constantFrom("1h", "1d", "7d", "forever", "10y", ""), fc.anything()),
      name: fc.oneof(fc.string({ maxLength: 120 }), fc.constant(" "), fc.anything({ maxDepth: 1 })),
      upstream: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      upstreams: fc.oneof(
        fc.dictionary(
          fc.string({ maxLength: 10 }),
          fc.record(
            {
              tools: fc.dictionary(
                fc.string({ maxLength: 10 }),
                fc.record(
                  { allow: fc.array(nearCondition, { maxLength: 4 }) },
                  { requiredKeys: [] },
                ),
                { maxKeys: 3 },
              ),
              url: fc.string(),
            },
            { requiredKeys: [] },
          ),
          { maxKeys: 3 },
        ),
        fc.anything({ maxDepth: 1 }),
      ),
      omitted: fc.anything({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  ),
);

/**
 * Invariant 5 for `/api/approval-rules`: random bodies its schemas refuse, on create, preview,
 * import and PATCH, get a 4xx in the wire error shape, and the person's rules read back exactly
 * as before. The hub never answers 5xx and keeps serving.
 */
describe("bad approval-rule input", () => {
  let node: TestHub;
  let login: TestLogin;
  let ruleId: string;
  const counts = new Map<string, number>();

  const rulesNow = async () =>
    (await node.request("/api/approval-rules", { token: login.token })).text();

  beforeAll(async () => {
    node = await startTestHub({ rateLimits: UNLIMITED });
    login = await node.registerUser("rules-fuzz");
    const imported = await node.request("/api/approval-rules/import", {
      token: login.token,
      body: {
        upstreams: {
          demo: { tools: { write_file: { allow: [{ arg: "path", glob: ["notes/**"] }] } } },
        },
      },
    });
    expect(imported.status).toBe(201);
    ruleId = ((await imported.json()) as { rules: { id: string }[] }).rules[0]?.id ?? "";
  });
  afterAll(() => node.close());
  reportAfterAll(() => {
    const mix = [...counts].map(([route, count]) => `${route} ${count}`).join(", ");
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    return `bad input approval-rule routes ${total} bodies (${mix}), all 4xx, rules unchanged`;
  });

  const routes: { name: string; method: string; path: () => string; schema: z.ZodType }[] = [
    {
      name: "POST rule",
      method: "POST",
      path: () => "/api/approval-rules",
      schema: CreateApprovalRuleBodySchema,
    },
    {
      name: "POST preview",
      method: "POST",
      path: () => "/api/approval-rules/preview",
      schema: CreateApprovalRuleBodySchema,
    },
    {
      name: "POST import",
      method: "POST",
      path: () => "/api/approval-rules/import",
      schema: ApprovalRulesExportSchema,
    },
    {
      name: "PATCH rule",
      method: "PATCH",
      path: () => `/api/approval-rules/${ruleId}`,
      schema: UpdateApprovalRuleBodySchema,
    },
  ];

  for (const route of routes) {
    it(
      `${route.name}: any body its schema refuses is a clear 4xx and changes nothing`,
      async () => {
        const before = await rulesNow();
        await fc.assert(
          fc.asyncProperty(
            nearMiss.filter((body) => !route.schema.safeParse(body).success),
            async (body) => {
              counts.set(route.name, (counts.get(route.name) ?? 0) + 1);
              const rawBody = JSON.stringify(body) ?? "null";
              const response = await node.request(route.path(), {
                method: route.method,
                token: login.token,
                rawBody,
              });
              await expectClientError(response);
            },
          ),
          fuzzed(),
        );
        expect(await rulesNow()).toBe(before);
      },
      budgetMs(20_000, 120_000),
    );
  }
});
