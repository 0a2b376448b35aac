import { readdir } from "node:fs/promises";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { budgetMs, fuzzed, reportAfterAll } from "./scale";

const TOOLS = {
  get_weather: false,
  write_file: { description: "Write {args.path}?", allow: [{ arg: "path", glob: "notes/*.txt" }] },
  execute_sql: { when: [{ arg: "query", sql: ["delete", "update", "drop", "insert"] }] },
};
const UPSTREAM_TOOLS = ["get_weather", "write_file", "execute_sql"];
/** A wrongly typed call must end long before this; an approval opened by mistake would not. */
const CALL_TIMEOUT_MS = 5_000;

/**
 * Invariant 5 for the approval proxy's `tools/call`, sent with the official MCP SDK client to
 * `/proxy/demo/mcp`: arguments the tool's inputSchema refuses (ungated, and gated: refused
 * before a person is asked), tool names the upstream
 * does not list, and `arguments` that are not an object at all each end in an `isError` result
 * or an McpError naming the problem, within seconds (no approval opened), and leave the
 * sandbox, the person's inquiries and the approval audit exactly as they were.
 */
describe("bad proxy tool calls", () => {
  let harness: ProxyHarness;
  let token: string;
  let agent: Client;
  const refusals = new Map<string, number>();

  beforeAll(async () => {
    harness = await startProxyHarness(TOOLS);
    token = await harness.registerUser();
    agent = await harness.connectAgent(token);
  });
  afterAll(() => harness.close());
  reportAfterAll(() => {
    const mix = [...refusals].map(([kind, count]) => `${kind} ${count}`).join(", ");
    const total = [...refusals.values()].reduce((sum, count) => sum + count, 0);
    return `bad input proxy tools/call ${total} calls (${mix}), all refused, nothing changed`;
  });

  async function stateOf(): Promise<string> {
    const inquiries = await fetch(new URL("/api/inquiries", harness.hubUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    const files = await readdir(harness.sandboxDir, { recursive: true }).catch(() => []);
    return JSON.stringify({
      inquiries: await inquiries.text(),
      files: files.sort(),
      audit: harness.audit.length,
    });
  }

  /** Sends one raw `tools/call` through the SDK client and counts how it was refused. */
  async function expectRefused(label: string, params: Record<string, unknown>): Promise<void> {
    const outcome = await agent
      .request({ method: "tools/call", params }, CallToolResultSchema, {
        timeout: CALL_TIMEOUT_MS,
      })
      .then(
        (result) => {
          expect(result.isError, JSON.stringify(result)).toBe(true);
          const text = result.content.find((part) => part.type === "text");
          expect(text?.type === "text" && text.text.length > 0).toBe(true);
          return "error result" as const;
        },
        (error: unknown) => {
          if (!(error instanceof McpError)) throw error;
          expect(error.code, error.message).not.toBe(Number(ErrorCode.RequestTimeout));
          return "McpError" as const;
        },
      );
    const key = `${label} → ${outcome}`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
  }

  const badCity = fc
    .oneof(
      fc.anything({ maxDepth: 2 }),
      fc.constantFrom("", "   ", "x".repeat(101)),
      fc.string({ maxLength: 3 }).map((text) => text.trim()),
    )
    .filter((city) => typeof city !== "string" || city.trim().length === 0 || city.length > 100);

  it(
    "ungated get_weather with arguments its inputSchema refuses",
    async () => {
      const before = await stateOf();
      await fc.assert(
        fc.asyncProperty(
          fc.record({ city: badCity, extra: fc.anything({ maxDepth: 1 }) }, { requiredKeys: [] }),
          (args) =>
            expectRefused("get_weather bad arguments", { name: "get_weather", arguments: args }),
        ),
        fuzzed(),
      );
      expect(await stateOf()).toBe(before);
    },
    budgetMs(30_000, 180_000),
  );

  it(
    "gated write_file with arguments its inputSchema refuses: refused before any approval opens",
    async () => {
      const before = await stateOf();
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            path: fc.anything({ maxDepth: 1 }).filter((path) => typeof path !== "string"),
            content: fc.string({ maxLength: 40 }),
          }),
          (args) =>
            expectRefused("gated write_file bad arguments", {
              name: "write_file",
              arguments: args,
            }),
        ),
        fuzzed(),
      );
      expect(await stateOf()).toBe(before);
    },
    budgetMs(30_000, 180_000),
  );

  it(
    "tool names the upstream does not list, with any arguments",
    async () => {
      const before = await stateOf();
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 80 }).filter((name) => !UPSTREAM_TOOLS.includes(name)),
          fc.dictionary(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 2 })),
          (name, args) => expectRefused("unknown tool", { name, arguments: args }),
        ),
        fuzzed(),
      );
      expect(await stateOf()).toBe(before);
    },
    budgetMs(30_000, 180_000),
  );

  it(
    "arguments or names that are not the JSON-RPC shape at all, gated tools included",
    async () => {
      const before = await stateOf();
      const notAnObject = fc.oneof(
        fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
        fc.string(),
        fc.double(),
        fc.boolean(),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record({ name: fc.constantFrom(...UPSTREAM_TOOLS), arguments: notAnObject }),
            fc.record({
              name: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string())),
              arguments: fc.constant({}),
            }),
          ),
          (params) => expectRefused("not the call shape", params),
        ),
        fuzzed(),
      );
      expect(await stateOf()).toBe(before);
    },
    budgetMs(30_000, 180_000),
  );
});
