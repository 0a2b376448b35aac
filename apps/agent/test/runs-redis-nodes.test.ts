import { randomUUID } from "node:crypto";
import { silentLogger } from "@inquiry-hub/logging";
import { RUN_ID_HEADER } from "@inquiry-hub/protocol";
import { startHubProcess, startRedisServer } from "@inquiry-hub/test-kit";
import type { HubProcess, TestRedisServer } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentServer } from "../src/index";
import type { AgentServer, RunStore } from "../src/index";
import { createRedisRunStore } from "../src/stores/redis/redis-run-store";
import { startDemoTools } from "./support/demo-tools";
import type { DemoTools } from "./support/demo-tools";
import { hubApi } from "./support/hub-api";
import type { HubApi } from "./support/hub-api";
import {
  listenAgent,
  readEvents,
  readUntilQuestion,
  reattach,
  runRequest,
  startBackgroundRun,
  textOf,
} from "./support/run-sse";
import type { SseEvent } from "./support/run-sse";

/** The agent's lease on a run (app.ts): a node that lets a run go is replaced within it. */
const LEASE_MS = 15_000;

/** An agent node: its own Redis connections (its run store) and its server. */
interface AgentNode {
  url: URL;
  store: RunStore;
  server: AgentServer;
}

let redis: TestRedisServer;
let hubNodes: HubProcess[];
let tools: DemoTools;
let agentKeyPrefix: string;
const agents: AgentNode[] = [];
/** The person's view of each hub node, as a desktop on one and a phone on the other. */
let hubA: HubApi;
let hubB: HubApi;

beforeAll(async () => {
  redis = await startRedisServer();
  // Two nodes of one hub on the shared Redis, each the hub's bundle as production runs it: the
  // agent workspace cannot build a Redis hub in-process (the hub exports no Redis infra).
  const hubNode = { REDIS_URL: redis.url, HUB_REDIS_KEY_PREFIX: `hub-${randomUUID()}:` };
  hubNodes = await Promise.all([startHubProcess(hubNode), startHubProcess(hubNode)]);
  hubA = hubApi(hubNodes[0]!.url);
  hubB = hubApi(hubNodes[1]!.url);
  tools = await startDemoTools();
  agentKeyPrefix = `agent-${randomUUID()}:`;
}, 60_000);

afterAll(async () => {
  for (const agent of agents) {
    await agent.server.close();
    await agent.store.close();
  }
  await tools.close();
  await Promise.all(hubNodes.map((node) => node.stop()));
  await redis.stop();
});

/** Starts an agent node on `hub` whose runs live in the shared Redis. */
async function startAgentNode(hub: HubProcess): Promise<AgentNode> {
  const store = createRedisRunStore({
    url: redis.url,
    keyPrefix: agentKeyPrefix,
    ttlMs: 60_000,
    logger: silentLogger(),
  });
  const server = createAgentServer({
    hubMcpUrl: new URL("/mcp", hub.url).href,
    demoToolsMcpUrl: tools.mcpUrl,
    mcpTimeoutSeconds: 150,
    maxSteps: 8,
    runStore: store,
    // A run the other node let go is resumed within 0.1 s instead of the production 5 s.
    resumeSweepMs: 100,
  });
  const node = { url: await listenAgent(server), store, server };
  agents.push(node);
  return node;
}

/** Event ids 1, 2, 3, … with no gap and no repeat, ending with a single `[DONE]`. */
function expectWholeLog(events: readonly SseEvent[]): void {
  expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
  expect(events.filter((event) => event.data === "[DONE]")).toHaveLength(1);
  expect(events.at(-1)!.data).toBe("[DONE]");
}

describe("agent nodes and hub nodes on one Redis", () => {
  it("re-attaches through the other agent node with Last-Event-ID and gets the rest exactly once", async () => {
    const [nodeA, nodeB] = [await startAgentNode(hubNodes[0]!), await startAgentNode(hubNodes[1]!)];
    const person = await hubA.register();
    const response = await startBackgroundRun(nodeA.url, await hubA.mintRunCredential(person));
    const runId = response.headers.get(RUN_ID_HEADER)!;
    const { events: first, inquiryId } = await readUntilQuestion(response);

    const attached = reattach(nodeB.url, runId, person, first.at(-1)!.id);
    await hubB.answer(person, inquiryId, "Hangzhou");
    const rest = await readEvents(await attached);
    expectWholeLog([...first, ...rest]);
    expect(textOf(rest)).toMatch(/Hangzhou/);

    const replayed = await readEvents(
      await runRequest(nodeB.url, runId, "/events?after=0", person),
    );
    expect(replayed).toEqual([...first, ...rest]);
    expect((await nodeB.store.get(runId))?.status).toBe("completed");
  });

  it("resumes on another agent node within the lease when the first lets the run go, with one inquiry", async () => {
    const leaving = await startAgentNode(hubNodes[0]!);
    const staying = await startAgentNode(hubNodes[1]!);
    const person = await hubA.register();
    const response = await startBackgroundRun(leaving.url, await hubA.mintRunCredential(person));
    const runId = response.headers.get(RUN_ID_HEADER)!;
    const { events: before, inquiryId } = await readUntilQuestion(response);

    await leaving.server.close();
    const letGoAt = Date.now();
    expect((await staying.store.get(runId))?.status).toBe("running");
    expect((await hubB.inquiry(person, inquiryId)).status).toBe("pending");
    await hubB.answer(person, inquiryId, "Hangzhou");
    const rest = await readEvents(await reattach(staying.url, runId, person, before.at(-1)!.id));
    expect(Date.now() - letGoAt).toBeLessThan(LEASE_MS);

    expectWholeLog([...before, ...rest]);
    expect(textOf(rest)).toMatch(/Hangzhou/);
    expect((await staying.store.get(runId))?.status).toBe("completed");
    const history = await hubB.history(person);
    expect(history.map((item) => [item.id, item.status])).toEqual([[inquiryId, "answered"]]);
  });
});
