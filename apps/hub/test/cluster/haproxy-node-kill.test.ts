import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import {
  HUB_TOOL_NAMES,
  IDEMPOTENCY_META_KEY,
  InquirySchema,
  RESULT_OPENINGS,
} from "@inquiry-hub/protocol";
import { startHaproxy, startRedisCluster } from "@inquiry-hub/test-kit";
import type { TestHaproxy, TestRedisCluster } from "@inquiry-hub/test-kit";
import { callUntilOpened, resultText } from "../helpers";
import { answerOver } from "../socket-helpers";
import {
  connectReconnectingDevice,
  loginThrough,
  registerThrough,
} from "../support/balanced-devices";
import type { BalancedLogin, ReconnectingDevice } from "../support/balanced-devices";
import { spawnChildNode, startTestNode } from "../support/cluster";
import { clusterTopology } from "../support/cluster-infra";
import { connectTasksClient } from "../support/tasks-client";
import type { TasksClient } from "../support/tasks-client";
import type { ChildNode, TestNode } from "../support/cluster";

/** The node to kill runs as a child process; the survivors run in this process (faster). */
const VICTIM = "hub-a";
const SURVIVORS = ["hub-b", "hub-c"] as const;
const USERS = 2;
const DEVICES_PER_USER = 3;
const CALLERS = 6;
const LEASE_SECONDS = 2;
/** The lease, one sweep (a third of it) and slack for a busy CI machine. */
const WITHDRAWN_WITHIN_MS = (LEASE_SECONDS + LEASE_SECONDS / 3 + 3) * 1000;
const CHECK_INTERVAL_MS = 250;

/** A 2025-era MCP session through HAProxy whose keyed send_inquiry is held. */
interface HeldCaller {
  user: BalancedLogin;
  key: string;
  client: Client;
  sessionId: string;
  inquiryId: string;
  /** The first call's result text, or "connection lost". */
  outcome: Promise<string>;
}

function keyed(key: string) {
  return {
    name: "send_inquiry",
    arguments: { prompt: `Ship ${key}?` },
    _meta: { [IDEMPOTENCY_META_KEY]: key },
  };
}

async function connectThrough(entry: URL, token: string) {
  const client = new Client({ name: "haproxy-kill", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", entry), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return { client, sessionId: transport.sessionId ?? "" };
}

async function inquiryStatus(entry: URL, user: BalancedLogin, id: string): Promise<string> {
  const response = await fetch(new URL(`/api/inquiries/${id}`, entry), {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return InquirySchema.parse(await response.json()).status;
}

/**
 * Three hub nodes on a 3-master/3-replica Redis Cluster behind the HAProxy config that
 * `npm run start:cluster` uses: the one to kill is a child process, the two survivors run in
 * this process (a tsx child takes seconds to start on a busy CI machine). Devices, 2025-era MCP callers and a 2026-07-28 task
 * connect only through HAProxy, which round-robins them over the nodes and pins each MCP
 * session to its node; then the child is SIGKILLed.
 */
describe("a hub node dies behind HAProxy", () => {
  let redis: TestRedisCluster;
  let victim: ChildNode;
  let survivors: TestNode[] = [];
  let haproxy: TestHaproxy;
  const devices: ReconnectingDevice[] = [];
  const clients: (Client | TasksClient)[] = [];

  beforeAll(async () => {
    redis = await startRedisCluster();
    const shared = { keyPrefix: `haproxy-kill-${randomUUID()}:`, leaseSeconds: LEASE_SECONDS };
    [victim, ...survivors] = await Promise.all([
      // An empty REDIS_URL counts as unset: the child finds the cluster by its seed nodes.
      spawnChildNode(
        { ...shared, redisUrl: "" },
        {
          REDIS_CLUSTER_NODES: redis.nodeList,
          HUB_NODE_ID: VICTIM,
          HUB_HEARTBEAT_SECONDS: "1",
        },
      ),
      ...SURVIVORS.map(() => startTestNode({ ...shared, topology: clusterTopology(redis) })),
    ]);
    const urls = [victim.url, ...survivors.map((node) => node.url)];
    haproxy = await startHaproxy({
      servers: [VICTIM, ...SURVIVORS].map((name, index) => ({
        name,
        host: "127.0.0.1",
        port: Number(urls[index]?.port),
      })),
      longestHoldSeconds: 130,
      checkIntervalMs: CHECK_INTERVAL_MS,
    });
  }, 30_000);
  afterAll(async () => {
    for (const device of devices) device.socket.disconnect();
    await Promise.allSettled(clients.map((client) => client.close()));
    await haproxy?.stop();
    await victim?.kill();
    await Promise.all(survivors.map((node) => node.close()));
    await redis?.stop();
  });

  it("moves its devices to the other nodes with the full pending list, withdraws its held calls as cancelled and gives every caller one result", async () => {
    const entry = haproxy.url;
    const users: BalancedLogin[] = [];
    for (let index = 0; index < USERS; index += 1)
      users.push(await registerThrough(entry, `lb${index}_${Date.now()}`));
    const logins: BalancedLogin[] = [];
    for (const user of users) {
      logins.push(user);
      for (let device = 1; device < DEVICES_PER_USER; device += 1)
        logins.push(await loginThrough(entry, user.username, `device-${device}`));
    }
    for (const login of logins) devices.push(await connectReconnectingDevice(entry, login));

    const callers: HeldCaller[] = [];
    for (let index = 0; index < CALLERS; index += 1) {
      const user = users[index % USERS] as BalancedLogin;
      const { client, sessionId } = await connectThrough(entry, user.token);
      clients.push(client);
      const key = `run-${index}:call-1`;
      const opened = await callUntilOpened(client, keyed(key), "INQUIRY");
      const outcome = opened.call.then(resultText, () => "connection lost");
      callers.push({ user, key, client, sessionId, inquiryId: opened.inquiryId, outcome });
    }

    const taskOwner = users[0] as BalancedLogin;
    const tasks = await connectTasksClient([entry], taskOwner.token);
    clients.push(tasks);
    const execution = await tasks.session.callTool(HUB_TOOL_NAMES.sendInquiry, {
      prompt: "Ship the task?",
    });
    if (execution.kind !== "task") throw new Error("expected a task");
    const task = execution.serializeReference();
    await execution.detach();
    const taskInquiryId = task.taskId.replace(/^inquiry\./, "");

    const pinned = await haproxy.pinnedSessions();
    const nodeOf = (caller: HeldCaller) => pinned.get(caller.sessionId);
    expect(
      callers.every((caller) => nodeOf(caller) !== undefined),
      "every session is pinned",
    ).toBe(true);
    const onVictim = callers.filter((caller) => nodeOf(caller) === VICTIM);
    const onSurvivors = callers.filter((caller) => nodeOf(caller) !== VICTIM);
    expect(onVictim.length, "round robin put some sessions on the node to kill").toBeGreaterThan(0);
    expect(onSurvivors.length, "and some on the other nodes").toBeGreaterThan(0);

    await victim.kill("SIGKILL");
    const killedAt = Date.now();

    await expect
      .poll(async () => (await haproxy.serverStatus())[VICTIM], { timeout: 5_000 })
      .toMatch(/^DOWN/);
    const markedDownMs = Date.now() - killedAt;

    const moved = devices.filter((device) => device.droppedAt !== undefined);
    expect(moved.length, "devices on the killed node lost their connection").toBeGreaterThan(0);
    await expect
      .poll(() => moved.every((device) => device.snapshots.length >= 2), { timeout: 10_000 })
      .toBe(true);
    const reconnectMs = Math.max(
      ...moved.map((device) => (device.snapshots.at(-1)?.at ?? Infinity) - killedAt),
    );
    for (const device of moved) {
      const catchUp = new Set(device.snapshots.at(-1)?.ids);
      for (const caller of onSurvivors.filter((each) => each.user.userId === device.userId))
        expect(catchUp, "a survivor's held call is in the catch-up").toContain(caller.inquiryId);
      if (device.userId === taskOwner.userId)
        expect(catchUp, "the task is in the catch-up").toContain(taskInquiryId);
    }

    const victimIds = new Set(onVictim.map((caller) => caller.inquiryId));
    const withdrawnEverywhere = (): boolean =>
      devices.every((device) =>
        onVictim
          .filter((caller) => caller.user.userId === device.userId)
          .every(
            (caller) =>
              device.withdrawn.some(
                (each) => each.inquiryId === caller.inquiryId && each.status === "cancelled",
              ) || !device.snapshots.at(-1)?.ids.includes(caller.inquiryId),
          ),
      );
    await expect
      .poll(withdrawnEverywhere, { timeout: WITHDRAWN_WITHIN_MS, interval: 50 })
      .toBe(true);
    const withdrawnMs = Date.now() - killedAt;
    for (const device of devices)
      expect(
        device.withdrawn.filter((each) => !victimIds.has(each.inquiryId)),
        "nothing held on a live node was withdrawn",
      ).toEqual([]);

    for (const caller of onVictim) {
      await caller.client.close();
      expect(await caller.outcome).toBe("connection lost");
      const { client } = await connectThrough(entry, caller.user.token);
      clients.push(client);
      const retried = resultText(await client.callTool(keyed(caller.key)));
      expect(retried.startsWith(RESULT_OPENINGS.cancelled)).toBe(true);
      expect(await inquiryStatus(entry, caller.user, caller.inquiryId)).toBe("cancelled");
    }
    for (const caller of onSurvivors) {
      const answerer = devices.find(
        (device) => device.userId === caller.user.userId && device.socket.connected,
      );
      if (answerer === undefined) throw new Error("no connected device to answer with");
      const ack = await answerOver(answerer.socket, {
        inquiryId: caller.inquiryId,
        response: `yes ${caller.key}`,
      });
      expect(ack).toMatchObject({ data: { status: "answered" } });
      expect(await caller.outcome).toBe(`yes ${caller.key}`);
      expect(await inquiryStatus(entry, caller.user, caller.inquiryId)).toBe("answered");
    }
    const polled = await tasks.session.task(task.taskId).snapshot();
    expect(polled.status, "a task is held by no node, so it outlives one").toBe("input_required");
    const taskAnswerer = devices.find(
      (device) => device.userId === taskOwner.userId && device.socket.connected,
    );
    if (taskAnswerer === undefined) throw new Error("no connected device to answer the task");
    await answerOver(taskAnswerer.socket, { inquiryId: taskInquiryId, response: "task yes" });
    const { outcome } = await (await tasks.session.resumeTask(task)).settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      content: [{ type: "text", text: "task yes" }],
    });

    for (const user of users) {
      const listed = await fetch(new URL("/api/inquiries", entry), {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const inquiries = InquirySchema.array().parse(await listed.json());
      expect(inquiries, "no retry opened a second inquiry").toHaveLength(
        callers.filter((caller) => caller.user.userId === user.userId).length +
          (user === taskOwner ? 1 : 0),
      );
    }
    expect(haproxy.output()).toContain(`Server hub_nodes/${VICTIM} is DOWN`);
    console.info(
      `HAProxy node kill: ${onVictim.length}/${CALLERS} held calls and ${moved.length}/${devices.length} devices on ${VICTIM}; ` +
        `marked DOWN in ${markedDownMs} ms, devices back with the full pending list in ${reconnectMs} ms, ` +
        `held calls withdrawn as cancelled on every device in ${withdrawnMs} ms (lease ${LEASE_SECONDS} s)`,
    );
  }, 40_000);
});
