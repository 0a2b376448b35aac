import { WAITING_OPENING } from "@inquiry-hub/protocol";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAW_INITIALIZE_REQUEST, resultText, waitFor } from "../helpers";
import { answerOver } from "../socket-helpers";
import { settle } from "./agent-asks";
import { opensCard, startReattachBench } from "./reattach-bench";
import type { ReattachBench } from "./reattach-bench";

/** How a gated call stops waiting without withdrawing its approval. */
type Detach = "client abort without a reason" | "?hold=1 runs out";
const DETACHES: readonly Detach[] = ["client abort without a reason", "?hold=1 runs out"];

/**
 * Issue 32 on the approval proxy: a gated call without an idempotency key holds on its repeat
 * key (tool and arguments), so the retry after a client's timeout picks up the approval and
 * runs the approved call. The attacks: repeat with other arguments to have them run on the
 * approval of the first; repeat once more after the run to run the tool a second time without
 * asking. The defences: the repeat key covers the arguments (repeatKey) and the approval must
 * be of the very same call (isSameCall); the acting call frees the key (runKeyedGatedCall),
 * so the next repeat asks anew. And a `?hold=` the hub cannot honour is refused at the door.
 */
describe("red team: a re-attached approval through the proxy (issue 32)", () => {
  let reattach: ReattachBench;
  let inserted = 0;

  beforeAll(async () => {
    reattach = await startReattachBench("reattach-proxy");
  });
  afterAll(() => reattach.close());

  /** A gated INSERT of one row titled `title` (each run adds a row). */
  const insert = (title: string) => ({
    name: "execute_sql",
    arguments: { query: `INSERT INTO notes (title) VALUES ('${title}')` },
  });

  /** How many times the upstream really ran an INSERT of `title`: the rows it left. */
  async function rowsTitled(agent: Client, title: string): Promise<number> {
    const select = await agent.callTool({
      name: "execute_sql",
      arguments: { query: "SELECT * FROM notes" },
    });
    return resultText(select).split(`"title": "${title}"`).length - 1;
  }

  async function decideOnPhone(inquiryId: string, decision: object): Promise<void> {
    const ack = await answerOver(reattach.bench.phone.socket, { inquiryId, ...decision });
    expect(ack).not.toHaveProperty("error");
  }

  /**
   * The call, once its `?hold=1` budget ended it. The budget was once an AbortSignal.timeout()
   * inside AbortSignal.any(), which the garbage collector could take before it fired
   * (nodejs/node#57736), leaving the call to wait for the client's own timeout; it is a plain
   * timer now. Failing here after 10 s names such a budget instead of the SDK's 60 s timeout.
   */
  async function budgetEnded<T>(call: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("the ?hold=1 budget did not end the call within 10 s")),
        10_000,
      );
    });
    try {
      return await Promise.race([call, stuck]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Opens the approval of `params`, then stops waiting on it the way `detach` says. */
  async function openAndDetach(
    agent: Client,
    params: ReturnType<typeof insert>,
    detach: Detach,
  ): Promise<string> {
    const stop = new AbortController();
    const opened = await opensCard(agent, params, "APPROVAL", { signal: stop.signal });
    if (detach === "client abort without a reason") {
      stop.abort();
      await expect(opened.call).rejects.toThrow();
    } else {
      expect(resultText(await budgetEnded(opened.call)).startsWith(WAITING_OPENING)).toBe(true);
    }
    await reattach.detached(opened.inquiryId);
    return opened.inquiryId;
  }

  /** Opens the approval of `params` anew, checks nothing ran for it, and rejects it. */
  async function asksAnewAndRunsNothing(
    agent: Client,
    params: ReturnType<typeof insert>,
    notThis: string,
  ): Promise<void> {
    const title = /'(.*)'/.exec(params.arguments.query)?.[1] ?? "";
    const before = await rowsTitled(agent, title);
    const asked = await opensCard(agent, params, "APPROVAL");
    expect(asked.inquiryId, "a new card for the person").not.toBe(notThis);
    await waitFor(async () =>
      Promise.resolve(
        reattach.bench.phone.created.some((card) => card.id === asked.inquiryId) || undefined,
      ),
    );
    await settle();
    expect(await rowsTitled(agent, title), "nothing ran before the person decided").toBe(before);
    await decideOnPhone(asked.inquiryId, { action: "reject", reason: "red team" });
    expect(resultText(await asked.call)).not.toMatch(/row inserted/);
    expect(await rowsTitled(agent, title), "nor after a rejection").toBe(before);
  }

  it.each(DETACHES)(
    "attack 2 (%s): other arguments ask anew, the same run once with the edit, a further repeat asks anew",
    async (detach) => {
      inserted += 1;
      const hold = detach === "?hold=1 runs out" ? "?hold=1" : "";
      const agent = await reattach.proxyAgent(reattach.keyA, hold);
      const draft = `draft-${inserted}`;
      const edited = `edited-${inserted}`;
      const other = `other-${inserted}`;
      const approved = await openAndDetach(agent, insert(draft), detach);
      await decideOnPhone(approved, {
        action: "edit",
        args: { query: `INSERT INTO notes (title) VALUES ('${edited}')` },
      });

      await asksAnewAndRunsNothing(agent, insert(other), approved);
      expect(await rowsTitled(agent, edited), "the kept approval was not spent").toBe(0);

      expect(resultText(await agent.callTool(insert(draft)))).toMatch(/^1 row inserted\./);
      expect(await rowsTitled(agent, edited), "ran once, with the person's edit").toBe(1);
      expect(await rowsTitled(agent, draft), "never with the agent's own text").toBe(0);

      await asksAnewAndRunsNothing(agent, insert(draft), approved);
      expect(await rowsTitled(agent, edited), "the edit never ran again").toBe(1);
      expect(await rowsTitled(agent, draft)).toBe(0);
    },
  );

  describe("attack 5: a ?hold= the hub cannot honour", () => {
    const BAD_HOLDS = ["-1", "0", "abc", "999999"];
    const PATHS = ["/mcp", "/proxy/demo/mcp"];

    async function pendingCount(): Promise<number> {
      const response = await reattach.bench.hub.request("/api/inquiries?status=pending", {
        token: reattach.bench.person.token,
      });
      return ((await response.json()) as unknown[]).length;
    }

    it.each(PATHS.flatMap((path) => BAD_HOLDS.map((hold) => [path, hold] as const)))(
      "%s?hold=%s is refused on a 2025 session's initialize, naming hold, and opens no session",
      async (path, hold) => {
        const response = await fetch(new URL(`${path}?hold=${hold}`, reattach.bench.hub.url), {
          method: "POST",
          headers: {
            authorization: `Bearer ${reattach.keyA}`,
            accept: "application/json, text/event-stream",
            "content-type": "application/json",
          },
          body: JSON.stringify(RAW_INITIALIZE_REQUEST),
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(await response.text()).toMatch(/hold/);
        expect(response.headers.get("mcp-session-id")).toBeNull();
      },
    );

    it.each(PATHS.flatMap((path) => BAD_HOLDS.map((hold) => [path, hold] as const)))(
      "%s?hold=%s is refused on a 2026-07-28 request with a 4xx naming hold, and asks nothing",
      async (path, hold) => {
        const cards = reattach.bench.phone.created.length;
        const pending = await pendingCount();
        const replies: { status: number; body: string }[] = [];
        const client = new ModernClient(
          { name: "redteam-hold", version: "1.0.0" },
          { versionNegotiation: { mode: "auto" } },
        );
        const transport = new ModernTransport(
          new URL(`${path}?hold=${hold}`, reattach.bench.hub.url),
          {
            requestInit: { headers: { authorization: `Bearer ${reattach.keyA}` } },
            fetch: async (url, init) => {
              const response = await fetch(url, init);
              replies.push({ status: response.status, body: await response.clone().text() });
              return response;
            },
          },
        );
        await expect(client.connect(transport)).rejects.toThrow();
        expect(replies.length).toBeGreaterThan(0);
        for (const reply of replies) {
          expect(reply.status, reply.body).toBeGreaterThanOrEqual(400);
          expect(reply.status, reply.body).toBeLessThan(500);
          expect(reply.body).toMatch(/hold/);
        }
        await settle();
        expect(reattach.bench.phone.created).toHaveLength(cards);
        expect(await pendingCount()).toBe(pending);
      },
    );
  });
});
