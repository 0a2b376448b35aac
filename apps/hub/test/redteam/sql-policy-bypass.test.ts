import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { decideGate, policyFor } from "../../src/features/approvals/approval-policy";
import { createProgressRecorder, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { REDTEAM_SIZES } from "./scale";
import { openNotesDatabase, snapshotOf, startSqliteUpstream } from "../support/sqlite-upstream";
import type { SqliteUpstream } from "../support/sqlite-upstream";

const EXAMPLE_CONFIG = fileURLToPath(
  new URL("../../../../config/proxy.example.json", import.meta.url),
);

/** The `when` list the shipped example config puts on execute_sql, read from the file itself. */
async function exampleWhen(): Promise<unknown> {
  const example = z
    .object({
      upstreams: z.object({
        demo: z.object({
          tools: z.object({ execute_sql: z.object({ when: z.array(z.unknown()) }) }),
        }),
      }),
    })
    .parse(JSON.parse(await readFile(EXAMPLE_CONFIG, "utf8")));
  return example.upstreams.demo.tools.execute_sql.when;
}

/**
 * Queries that disguise a write from a classifier that strips comments before it tracks quotes,
 * ends `--` only at a line feed, ignores MySQL's executable comments, or lists only four
 * writing kinds. On SQLite the first and last five really change the database.
 */
const ATTACKS = [
  "SELECT '/*'; DELETE FROM notes WHERE id = 1; SELECT '*/'",
  "SELECT 1 /*! DELETE FROM notes WHERE id = 1 */",
  "SELECT 1; -- x\rDELETE FROM notes WHERE id = 1",
  "TRUNCATE TABLE notes",
  "REPLACE INTO notes (id, title) VALUES (1, 'pwned')",
  "ALTER TABLE notes RENAME TO gone",
  "ATTACH DATABASE ':memory:' AS side",
  "PRAGMA user_version = 7",
];

/** A real hub whose proxy fronts the SQLite upstream with `policy` on execute_sql. */
interface Gate {
  hub: TestHub;
  upstream: SqliteUpstream;
  token: string;
  agent: Client;
  close(): Promise<void>;
}

async function startGate(policy: Record<string, unknown>): Promise<Gate> {
  const upstream = await startSqliteUpstream();
  const proxy = parseProxyConfig({
    upstreams: {
      notes: { url: upstream.url.href, timeout_seconds: 5, tools: { execute_sql: policy } },
    },
  });
  const hub = await startTestHub({ proxy });
  const { token } = await hub.registerUser("sql");
  const agent = new Client({ name: "redteam-sql-agent", version: "1.0.0" });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL("/proxy/notes/mcp", hub.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return {
    hub,
    upstream,
    token,
    agent,
    async close() {
      await agent.close();
      await hub.close();
      await upstream.close();
    },
  };
}

/**
 * Calls execute_sql and expects a pending approval card before anything runs: the call must not
 * come back first. Returns the pending call and the card's inquiry id.
 */
async function expectCard(gate: Gate, query: string) {
  const progress = createProgressRecorder();
  const call = gate.agent.callTool({ name: "execute_sql", arguments: { query } }, undefined, {
    onprogress: progress.onprogress,
    resetTimeoutOnProgress: true,
  });
  const first = await Promise.race([
    progress.next("APPROVAL").then((meta) => ({ carded: meta.inquiryId })),
    call.then((result) => ({ ran: resultText(result) })),
  ]);
  expect(first, `ran with no approval card: ${JSON.stringify(query)}`).toHaveProperty("carded");
  const inquiryId = "carded" in first ? first.carded : "";
  const pending = z
    .array(z.object({ id: z.string() }))
    .parse(
      await (await gate.hub.request("/api/inquiries?status=pending", { token: gate.token })).json(),
    );
  expect(pending.map((inquiry) => inquiry.id)).toContain(inquiryId);
  return { call, inquiryId };
}

function decide(gate: Gate, inquiryId: string, action: "approve" | "reject") {
  return gate.hub.request(`/api/inquiries/${inquiryId}/answer`, {
    token: gate.token,
    body: action === "reject" ? { action, reason: "not this" } : { action },
  });
}

describe("red team: SQL policy conditions cannot be fooled (finding: High — SQL conditions)", () => {
  let gate: Gate | undefined;
  afterEach(async () => {
    await gate?.close();
    gate = undefined;
  });

  const policies: [string, () => Promise<Record<string, unknown>>][] = [
    ["the example config's `when` list", async () => ({ when: await exampleWhen() })],
    [
      "`allow: sql [select]`",
      () => Promise.resolve({ allow: [{ arg: "query", sql: ["select"] }] }),
    ],
  ];

  for (const [label, policy] of policies) {
    it(`under ${label}, every disguised write waits for a card and changes nothing until decided`, async () => {
      gate = await startGate(await policy());
      const untouched = gate.upstream.snapshot();
      expect(gate.upstream.noteIds()).toEqual([1, 2, 3]);
      for (const query of ATTACKS) {
        const { call, inquiryId } = await expectCard(gate, query);
        expect(gate.upstream.snapshot()).toBe(untouched);
        expect((await decide(gate, inquiryId, "reject")).status).toBe(200);
        expect(resultText(await call)).toMatch(/rejected the call to execute_sql/);
        expect(gate.upstream.snapshot()).toBe(untouched);
      }
    });
  }

  it("the quote trick really deletes on SQLite once the person approves it, and not before", async () => {
    gate = await startGate({ when: await exampleWhen() });
    const { call, inquiryId } = await expectCard(gate, ATTACKS[0] ?? "");
    expect(gate.upstream.noteIds()).toEqual([1, 2, 3]);
    expect((await decide(gate, inquiryId, "approve")).status).toBe(200);
    await call;
    expect(gate.upstream.noteIds()).toEqual([2, 3]);
  });

  it("plain reads still pass without a card", async () => {
    gate = await startGate({ when: await exampleWhen() });
    const result = await gate.agent.callTool({
      name: "execute_sql",
      arguments: { query: "SELECT id FROM notes ORDER BY id" },
    });
    expect(resultText(result)).toContain('"values":[[1],[2],[3]]');
  });

  it("whatever the gate lets through unasked never changes a real SQLite database", async () => {
    const upstream = parseProxyConfig({
      upstreams: {
        notes: {
          url: "http://127.0.0.1:1/mcp",
          tools: {
            by_example: { when: await exampleWhen() },
            by_allow: { allow: [{ arg: "query", sql: ["select"] }] },
          },
        },
      },
    }).upstreams.notes;
    if (upstream === undefined) throw new Error("unreachable");
    const fragment = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("SELECT 1", "SELECT * FROM notes", "SELECT 'x'") },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          ...ATTACKS,
          "DELETE FROM notes",
          "UPDATE notes SET title = 'x'",
          "INSERT INTO notes (title) VALUES ('x')",
          "DROP TABLE notes",
          "WITH x AS (SELECT 1) DELETE FROM notes",
        ),
      },
      {
        weight: 4,
        arbitrary: fc.constantFrom(..."'\"`[]();,\\#\r\n$E ", "/*", "*/", "/*!", "--", "$$"),
      },
    );
    let passedUnasked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { minLength: 1, maxLength: 8 }), async (parts) => {
        const query = parts.join(" ");
        const unasked = ["by_example", "by_allow"].some(
          (tool) => !decideGate(policyFor(upstream, tool), { query }).ask,
        );
        if (!unasked) return;
        passedUnasked += 1;
        const database = await openNotesDatabase();
        const before = snapshotOf(database);
        try {
          database.exec(query);
        } catch {
          // A failing statement may still leave the earlier ones run: the snapshot tells.
        }
        expect(snapshotOf(database), query).toBe(before);
        database.close();
      }),
      { numRuns: REDTEAM_SIZES.fuzzRuns * 20 },
    );
    expect(passedUnasked).toBeGreaterThan(0);
  });
});
