import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_META_KEY, InquirySchema, WITHDRAW_REASON } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createMemoryIdempotencyIndex } from "../../src/features/inquiries/stores/memory-idempotency-index";
import { callUntilOpened, resultText, waitFor } from "../helpers";
import { startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import type { TestDevice } from "../socket-helpers";

/** Short enough that a killed agent's proxy session is reaped within the test. */
const IDLE_SECONDS = 1;
const TOOLS = { execute_sql: { when: [{ arg: "query", sql: ["insert", "delete"] }] } };

/** A gated INSERT (each run adds one row titled `title`) under an idempotency key. */
const keyedInsert = (key: string, title: string) => ({
  name: "execute_sql",
  arguments: { query: `INSERT INTO notes (title) VALUES ('${title}')` },
  _meta: { [IDEMPOTENCY_META_KEY]: key },
});

describe("idempotent gated calls through the approval proxy", () => {
  const index = createMemoryIdempotencyIndex();
  let harness: ProxyHarness;
  let token: string;
  let device: TestDevice;

  beforeAll(async () => {
    harness = await startProxyHarness(
      TOOLS,
      { mcpSessionIdleSeconds: IDLE_SECONDS, inquiryTimeoutSeconds: 600 },
      { idempotencyIndex: index },
    );
    token = await harness.registerUser();
    device = await harness.devices.connect({ token });
  });
  afterAll(() => harness.close());

  async function inquiry(owner: string, inquiryId: string): Promise<Inquiry> {
    const response = await fetch(new URL(`/api/inquiries/${inquiryId}`, harness.hubUrl), {
      headers: { authorization: `Bearer ${owner}` },
    });
    return InquirySchema.parse(await response.json());
  }

  /** How many times the upstream really ran the INSERT: the rows it left behind. */
  async function rowsTitled(agent: Client, title: string): Promise<number> {
    const select = await agent.callTool({
      name: "execute_sql",
      arguments: { query: "SELECT * FROM notes" },
    });
    return resultText(select).split(`"title": "${title}"`).length - 1;
  }

  /** Closes the client as `kill -9` would leave it: no cancel, the streams just end. */
  async function kill(client: Client, call: Promise<unknown>): Promise<void> {
    await client.close();
    await call.catch(() => undefined);
  }

  it("outlives its session, holds on the same approval, runs once and replays the result", async () => {
    const first = await harness.connectAgent(token);
    const opened = await callUntilOpened(first, keyedInsert("run-1:call-1", "once"), "APPROVAL");
    await kill(first, opened.call);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 2_500));
    expect((await inquiry(token, opened.inquiryId)).status, "session reaped, approval kept").toBe(
      "pending",
    );
    expect(device.withdrawn.map((each) => each.inquiryId)).not.toContain(opened.inquiryId);

    const second = await harness.connectAgent(token);
    const again = await callUntilOpened(second, keyedInsert("run-1:call-1", "once"), "APPROVAL");
    expect(again.inquiryId).toBe(opened.inquiryId);
    expect((await harness.answer(token, opened.inquiryId, { action: "approve" })).status).toBe(200);
    const result = resultText(await again.call);
    expect(result).toMatch(/^1 row inserted\./);
    expect(await rowsTitled(second, "once")).toBe(1);

    const third = await harness.connectAgent(token);
    const replayed = await third.callTool(keyedInsert("run-1:call-1", "once"));
    expect(resultText(replayed), "a final approval's key returns the stored result").toBe(result);
    expect(await rowsTitled(third, "once"), "the upstream did not run again").toBe(1);
    expect(harness.audit.filter((entry) => entry.inquiryId === opened.inquiryId)).toHaveLength(1);
    await Promise.all([second.close(), third.close()]);
  });

  it("scopes keys per user: another user's same key asks separately", async () => {
    const otherToken = await harness.registerUser();
    const mine = await harness.connectAgent(token);
    const theirs = await harness.connectAgent(otherToken);
    const a = await callUntilOpened(mine, keyedInsert("shared:key", "mine"), "APPROVAL");
    const b = await callUntilOpened(theirs, keyedInsert("shared:key", "mine"), "APPROVAL");
    expect(b.inquiryId).not.toBe(a.inquiryId);
    await harness.answer(token, a.inquiryId, { action: "reject", reason: "not now" });
    await harness.answer(otherToken, b.inquiryId, { action: "approve" });
    expect(resultText(await a.call)).toMatch(/^The person rejected the call to execute_sql/);
    expect(resultText(await b.call)).toMatch(/^1 row inserted\./);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("withdraws a keyed approval on Stop (notifications/cancelled)", async () => {
    const agent = await harness.connectAgent(token);
    const stop = new AbortController();
    const opened = await callUntilOpened(agent, keyedInsert("run-2:call-1", "stop"), "APPROVAL", {
      signal: stop.signal,
    });
    stop.abort(WITHDRAW_REASON);
    await opened.call.catch(() => undefined);
    const final = await waitFor(async () => {
      const current = await inquiry(token, opened.inquiryId);
      return current.status === "pending" ? undefined : current;
    });
    expect(final.status).toBe("cancelled");
    expect(await rowsTitled(agent, "stop")).toBe(0);
    await agent.close();
  });

  it("refuses a key repeated with other arguments, asking and running nothing", async () => {
    const agent = await harness.connectAgent(token);
    const opened = await callUntilOpened(agent, keyedInsert("run-3:call-1", "first"), "APPROVAL");
    const reused = await agent.callTool(keyedInsert("run-3:call-1", "second"));
    expect(reused.isError).toBe(true);
    expect(resultText(reused)).toMatch(/already names a different call/);
    await harness.answer(token, opened.inquiryId, { action: "approve" });
    await opened.call;
    expect(await rowsTitled(agent, "second")).toBe(0);
    await agent.close();
  });

  it("says the outcome is unknown, and runs nothing, when an approved forward never finished", async () => {
    const agent = await harness.connectAgent(token);
    const opened = await callUntilOpened(agent, keyedInsert("run-4:call-1", "lost"), "APPROVAL");
    await harness.answer(token, opened.inquiryId, { action: "approve" });
    await opened.call;
    const { userId, askedByCredentialId } = await inquiry(token, opened.inquiryId);
    if (askedByCredentialId === undefined) throw new Error("the approval names no credential");
    const interrupted = JSON.stringify({ state: "started", attempt: "node-killed-mid-call" });
    await index.attachResult(
      { userId, credentialId: askedByCredentialId },
      "proxy:demo:run-4:call-1",
      opened.inquiryId,
      interrupted,
      "replace",
    );

    const repeated = await agent.callTool(keyedInsert("run-4:call-1", "lost"));
    expect(repeated.isError).toBe(true);
    expect(resultText(repeated)).toMatch(/its result was never recorded .* Its outcome is unknown/);
    expect(await rowsTitled(agent, "lost"), "the first run only").toBe(1);
    await agent.close();
  });
});
