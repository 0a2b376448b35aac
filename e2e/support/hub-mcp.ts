import { setMaxListeners } from "node:events";
import { WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "@playwright/test";
import { callHubApi } from "./channels";
import { HUB_URL } from "./ports";

/** Tool calls held open by the suite, as a model's agent would hold them. */
export interface HeldCalls {
  /** Cancels every call (notifications/cancelled), which withdraws its inquiry. */
  cancelAll(): Promise<void>;
}

/**
 * An MCP client of the user with `token` on one of the hub's endpoints (official SDK): the
 * suite's hub, or the one at `hubUrl`.
 */
export async function connectHubMcp(
  token: string,
  path = "/mcp",
  hubUrl = HUB_URL,
): Promise<Client> {
  const client = new Client({ name: "e2e-untrusted-content", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(path, hubUrl), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The number of the user's pending inquiries, as the hub's HTTP API reports them. */
export async function pendingCount(token: string): Promise<number> {
  const response = await callHubApi("/api/inquiries?status=pending", { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

/**
 * Starts one tool call per argument set on `client` without waiting for the answers (they
 * wait for a person), then waits until the hub lists all of them as pending. The calls'
 * rejections on cancel are expected and swallowed.
 */
export async function holdToolCalls(
  client: Client,
  token: string,
  name: string,
  argumentSets: readonly Record<string, unknown>[],
): Promise<HeldCalls> {
  const before = await pendingCount(token);
  const abort = new AbortController();
  // One signal serves every call of the batch: each adds its own abort listener.
  setMaxListeners(argumentSets.length + 10, abort.signal);
  const calls = argumentSets.map((args) =>
    client
      .callTool({ name, arguments: args }, undefined, {
        signal: abort.signal,
        timeout: 300_000,
        resetTimeoutOnProgress: true,
      })
      .catch(() => undefined),
  );
  await expect
    .poll(() => pendingCount(token), { timeout: 30_000 })
    .toBe(before + argumentSets.length);
  return {
    async cancelAll() {
      abort.abort(WITHDRAW_REASON);
      await Promise.all(calls);
      await expect.poll(() => pendingCount(token), { timeout: 15_000 }).toBe(before);
    },
  };
}
