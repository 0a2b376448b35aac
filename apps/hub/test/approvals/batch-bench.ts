import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { BatchDecisionResultSchema, TeamInvitationSchema, TeamSchema } from "@inquiry-hub/protocol";
import type { BatchDecisionResult } from "@inquiry-hub/protocol";
import type { HubConfig, HubOverrides } from "../../src/index";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { createMemoryTeamStore } from "../../src/features/teams/stores/memory-team-store";
import { createMemoryUserStore } from "../../src/features/accounts/stores/memory-user-store";
import { resultText, startTestHub } from "../helpers";
import type { TestDevice } from "../socket-helpers";
import { startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { signIn } from "../support/team-restart";
import { jsonRequest } from "../support/raw-requests";

/** Where a bench keeps its state: this process, or a private redis-server. */
export type BatchStore = "memory" | "redis";

/**
 * INSERTs into demo-tools' notes table wait for the person (each forwarded INSERT is a row,
 * so rows count upstream calls); `write_file` is the team's to decide.
 */
function toolsFor(teamId: string) {
  return {
    execute_sql: { when: [{ arg: "query", sql: ["insert"] }] },
    write_file: { approvers: { team_id: teamId } },
  };
}

/**
 * The approval proxy in front of demo-tools with a person (owner of a team that decides
 * `write_file`), two of their devices, their agent on the proxy, and a second person, an
 * approver of that team.
 */
export interface BatchBench {
  harness: ProxyHarness;
  person: { token: string; userId: string };
  phone: TestDevice;
  laptop: TestDevice;
  agent: Client;
  /** Someone else on the same hub, the team's approver, with an agent of their own. */
  stranger: { token: string; userId: string; agent: Client };
  /** `POST /api/approval-batches/:batchId/decide` with `token`. */
  decide(token: string, batchId: string, body: unknown): Promise<{ status: number; body: unknown }>;
  /** The same, expecting 200, parsed. */
  decided(batchId: string, body: unknown): Promise<BatchDecisionResult>;
  /** Rows of the notes table titled `title`: how often its INSERT reached the upstream. */
  rowsTitled(title: string): Promise<number>;
  close(): Promise<void>;
}

/** The stores of one hub: the memory ones kept across the restart, or Redis on one prefix. */
async function storesFor(
  store: BatchStore,
): Promise<{ open: () => Promise<HubOverrides>; close: () => Promise<void> }> {
  if (store === "memory") {
    const kept: HubOverrides = {
      userStore: createMemoryUserStore(),
      teamStore: createMemoryTeamStore(),
    };
    return { open: () => Promise.resolve(kept), close: () => Promise.resolve() };
  }
  const server: TestRedisServer = await startRedisServer();
  const keyPrefix = `batches-${randomUUID()}:`;
  const opened: RedisInfra[] = [];
  return {
    async open() {
      const infra = createRedisInfra({ url: server.url, keyPrefix, log: () => undefined });
      opened.push(infra);
      await infra.ready();
      return { ...infra, cluster: infra };
    },
    async close() {
      await Promise.allSettled(opened.map((infra) => infra.close()));
      await server.stop();
    },
  };
}

/**
 * Makes the person and their team on a first hub, then starts the proxy hub naming the team
 * in its config (the operator's restart), on the same stores.
 */
export async function startBatchBench(
  store: BatchStore,
  overrides: Partial<HubConfig> = {},
): Promise<BatchBench> {
  const stores = await storesFor(store);
  const first = await startTestHub({}, await stores.open());
  const owner = await first.registerUser("batcher");
  const other = await first.registerUser("stranger");
  const created = await first.request("/api/teams", {
    token: owner.token,
    body: { name: `ops-${randomUUID().slice(0, 8)}` },
  });
  const { id: teamId } = TeamSchema.parse(await created.json());
  const invited = await first.request(`/api/teams/${teamId}/invitations`, {
    token: owner.token,
    body: { role: "approver" },
  });
  const { code } = TeamInvitationSchema.parse(await invited.json());
  await first.request("/api/teams/invitations/claim", { token: other.token, body: { code } });
  await first.close();

  const harness = await startProxyHarness(toolsFor(teamId), overrides, await stores.open());
  const account = { username: owner.username, userId: owner.userId };
  const token = await signIn(harness, account);
  const phone = await harness.devices.connect({ token: await signIn(harness, account) });
  const laptop = await harness.devices.connect({ token: await signIn(harness, account) });
  const agent = await harness.connectAgent(token);
  const strangerToken = await signIn(harness, { username: other.username, userId: other.userId });
  const strangerAgent = await harness.connectAgent(strangerToken);

  const decide = (bearer: string, batchId: string, body: unknown) =>
    jsonRequest(
      new URL(`/api/approval-batches/${encodeURIComponent(batchId)}/decide`, harness.hubUrl),
      bearer,
      "POST",
      body,
    );
  return {
    harness,
    person: { token, userId: owner.userId },
    phone,
    laptop,
    agent,
    stranger: { token: strangerToken, userId: other.userId, agent: strangerAgent },
    decide,
    async decided(batchId, body) {
      const response = await decide(token, batchId, body);
      if (response.status !== 200)
        throw new Error(`decide: ${response.status} ${JSON.stringify(response.body)}`);
      return BatchDecisionResultSchema.parse(response.body);
    },
    async rowsTitled(title) {
      const select = await agent.callTool({
        name: "execute_sql",
        arguments: { query: "SELECT * FROM notes" },
      });
      return resultText(select).split(`"title": "${title}"`).length - 1;
    },
    async close() {
      await harness.close();
      await stores.close();
    },
  };
}
