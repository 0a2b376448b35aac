import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { useDoomedNode } from "../support/cluster-suite";
import { createProgressRecorder } from "../helpers";
import { UNLIMITED } from "./support/two-nodes";
import { SIZES, budgetMs, report } from "./scale";

const LEASE_SECONDS = 3;
const CLIENTS = 10;
/** The doomed node's heartbeat: each one resets the caller's request timeout while it lives. */
const HEARTBEAT_SECONDS = 1;
/** Each caller's own request timeout, reset by every heartbeat (`resetTimeoutOnProgress`). */
const CALLER_TIMEOUT_MS = 6_000;
/** How late past its timeout a caller may end: event-loop delay on a loaded 2-core machine. */
const ENDING_SLACK_MS = 4_000;

/** How one caller's call ended, and when. */
interface Ending {
  kind: "result" | "request timeout" | "other error";
  message: string;
  at: number;
}

function ending(outcome: unknown): Ending {
  const at = Date.now();
  if (!(outcome instanceof Error)) return { kind: "result", message: "", at };
  const timedOut = outcome instanceof McpError && outcome.code === Number(ErrorCode.RequestTimeout);
  return { kind: timedOut ? "request timeout" : "other error", message: outcome.message, at };
}

/**
 * A child-process node holding many send_inquiry calls is SIGKILLed while every caller's MCP
 * client stays open: what does a caller see? The SDK client cannot resume a POST stream that
 * carried no event id, and it does not fail the pending request when the stream breaks, so the
 * caller learns of the death only from its own request timeout once the heartbeats stop. The
 * test pins exactly that (each call ends in a RequestTimeout, none before the kill, none later
 * than its timeout allows), and that the surviving node withdraws every card on every device
 * and cancels every inquiry in the store.
 */
describe("SIGKILL of a node with many pending inquiries", () => {
  const setup = useDoomedNode(
    { name: "kill", leaseSeconds: LEASE_SECONDS },
    { rateLimits: UNLIMITED },
  );
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
  });

  it(
    `${SIZES.killedPending} held calls with their clients open: each caller times out, all withdrawn`,
    async () => {
      const { survivor, sockets } = setup;
      const doomed = await setup.spawnDoomed({
        HUB_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
        // One credential holds every call here: its own caps must fit them all, and the
        // per-user ones sit just above (the hub refuses a per-credential cap not below them).
        HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE: String(SIZES.killedPending * 2 + 1),
        HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE: String(SIZES.killedPending * 2),
        HUB_PENDING_INQUIRIES_PER_USER: String(SIZES.killedPending + 1),
        HUB_PENDING_INQUIRIES_PER_CREDENTIAL: String(SIZES.killedPending),
        HUB_HELD_CALLS_PER_USER: String(SIZES.killedPending + 1),
        HUB_HELD_CALLS_PER_CREDENTIAL: String(SIZES.killedPending),
      });
      const owner = await survivor.registerUser("doomed", "desk");
      const phone = await survivor.login(owner.username, "phone");
      const devices = await Promise.all([
        sockets.connect({ token: owner.token }),
        sockets.connect({ token: phone.token }),
      ]);
      const transportErrors = Array.from({ length: CLIENTS }, () => 0);
      for (let index = 0; index < CLIENTS; index += 1) {
        const client = new Client({ name: "kill", version: "1.0.0" });
        client.onerror = () => (transportErrors[index] = (transportErrors[index] ?? 0) + 1);
        await client.connect(
          new StreamableHTTPClientTransport(new URL("/mcp", doomed.url), {
            requestInit: { headers: { Authorization: `Bearer ${owner.token}` } },
          }),
        );
        clients.push(client);
      }
      const progress = Array.from({ length: SIZES.killedPending }, createProgressRecorder);
      const calls = progress.map((recorder, index) =>
        (clients[index % CLIENTS] as Client)
          .callTool({ name: "send_inquiry", arguments: { prompt: `Held ${index}?` } }, undefined, {
            onprogress: recorder.onprogress,
            timeout: CALLER_TIMEOUT_MS,
            resetTimeoutOnProgress: true,
          })
          .then(ending, ending),
      );
      await expect
        .poll(() => devices.every((device) => device.created.length === SIZES.killedPending), {
          timeout: 60_000,
          interval: 100,
        })
        .toBe(true);
      await expect
        .poll(() => progress.every((recorder) => recorder.metas.length >= 2), {
          timeout: HEARTBEAT_SECONDS * 5_000,
          interval: 100,
        })
        .toBe(true);

      await doomed.kill("SIGKILL");
      const killedAt = Date.now();
      await expect
        .poll(() => devices.every((device) => device.withdrawn.length >= SIZES.killedPending), {
          timeout: (LEASE_SECONDS * 2 + 10) * 1000,
          interval: 50,
        })
        .toBe(true);
      const withdrawnMs = Date.now() - killedAt;
      const endings = await Promise.all(calls);
      const afterKill = endings.map((each) => each.at - killedAt);
      const count = (kind: Ending["kind"]): number =>
        endings.filter((each) => each.kind === kind).length;
      const pending = await survivor.hub.inquiries.list(owner.userId, "pending");
      const cancelled = await survivor.hub.inquiries.list(owner.userId, "cancelled");
      report(
        `node kill ${SIZES.killedPending} pending on a SIGKILLed node, ${CLIENTS} MCP clients ` +
          `left open: ${count("request timeout")} callers ended with their own request timeout ` +
          `(${CALLER_TIMEOUT_MS} ms after the last heartbeat) ${Math.min(...afterKill)}–` +
          `${Math.max(...afterKill)} ms after the kill, ${count("other error")} other errors, ` +
          `${count("result")} results, ${transportErrors.reduce((sum, each) => sum + each, 0)} ` +
          `transport errors reported to the clients; withdrawn on ${devices.length} devices in ` +
          `${withdrawnMs} ms, ${cancelled.length} cancelled in the store, ${pending.length} left pending`,
      );
      expect(endings.filter((each) => each.kind !== "request timeout")).toEqual([]);
      expect(Math.min(...afterKill)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...afterKill)).toBeLessThanOrEqual(CALLER_TIMEOUT_MS + ENDING_SLACK_MS);
      for (const device of devices) {
        expect(new Set(device.withdrawn.map((each) => each.inquiryId)).size).toBe(
          SIZES.killedPending,
        );
        expect(device.withdrawn.every((each) => each.status === "cancelled")).toBe(true);
      }
      expect(cancelled).toHaveLength(SIZES.killedPending);
      expect(pending).toEqual([]);
    },
    budgetMs(60_000, 240_000),
  );
});
