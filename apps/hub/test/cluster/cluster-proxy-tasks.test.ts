import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Inquiry } from "@inquiry-hub/protocol";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resultText } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import { startTestCluster } from "../support/cluster";
import type { TestCluster } from "../support/cluster";
import { startDemoUpstream } from "../support/proxy-harness";
import type { DemoUpstream } from "../support/proxy-harness";
import { connectTasksClient } from "../support/tasks-client";
import type { TasksClient } from "../support/tasks-client";

/** Both nodes seal and open request states with this one key, as HUB_REQUEST_STATE_SECRET. */
const SHARED_SECRET = "cluster-request-state-secret-of-32+chars";
/** write_file always asks; execute_sql asks for an INSERT only, so a SELECT counts the rows. */
const TOOLS = {
  write_file: true,
  execute_sql: { when: [{ arg: "query", sql: ["insert"] }] },
};
/** The proxy path, and the public address both nodes sit behind that task references name. */
const BALANCED = {
  path: "/proxy/demo/mcp",
  endpointId: "https://hub.example.test/proxy/demo/mcp",
};
const ARGS = { path: "drafts/plan.md", content: "ship it" };
const INSERT = { query: "INSERT INTO notes (title) VALUES ('across nodes')" };

/**
 * Two hub nodes on one redis-server sharing one request-state secret, each with the approval
 * proxy in front of the same demo-tools. Client A reaches node A only, client B and the phone
 * node B only. A gated call made on node A runs as task `approval.<inquiry id>`, approved on
 * node B; then both clients poll their own node at once, so both nodes race to serve the first
 * `tasks/get` that sees the decision. Proves the task lives in the shared store alone and the
 * ForwardOnce record lets exactly one node forward: the upstream runs the call once (one
 * inserted row) and both clients settle on that one stored result.
 */
describe("a gated proxy call as an approval task across two hub nodes", () => {
  let upstream: DemoUpstream;
  let cluster: TestCluster;
  const clients: TasksClient[] = [];

  beforeAll(async () => {
    upstream = await startDemoUpstream(TOOLS);
    cluster = await startTestCluster(
      { name: "proxy-tasks", leaseSeconds: 3 },
      { proxy: upstream.proxy, requestStateSecret: SHARED_SECRET },
    );
  });
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    cluster.closeDevices();
  });
  afterAll(async () => {
    await cluster.close();
    await upstream.close();
  });

  /** An ext-tasks client process that reaches `node` only. */
  async function clientOn(node: URL, token: string): Promise<TasksClient> {
    const client = await connectTasksClient([node], token, BALANCED);
    clients.push(client);
    return client;
  }

  /**
   * Calls `tool` from client A, approves it on a phone at node B, resumes the task on client
   * B while client A keeps polling, and returns both settled results.
   */
  async function approveAcrossNodes(tool: string, args: Record<string, string>) {
    const { nodeA, nodeB } = cluster;
    const owner = await nodeA.registerUser("proxy-tasks");
    const phoneLogin = await nodeB.login(owner.username, "phone");
    const phone = await nodeB.devices.connect({ token: phoneLogin.token });
    const announced = nextEvent(phone.socket, "inquiry:new");
    const onA = await clientOn(nodeA.url, owner.token);
    const execution = await onA.session.callTool(tool, args);
    if (execution.kind !== "task") throw new Error(`expected ${tool} to run as a task`);
    const settledOnA = execution.settle();
    const inquiry: Inquiry = await announced;
    const reference = execution.serializeReference();
    expect(reference.taskId).toBe(`approval.${inquiry.id}`);

    const onB = await clientOn(nodeB.url, owner.token);
    expect(await onB.session.task(reference.taskId).snapshot()).toMatchObject({
      status: "working",
    });
    expect(await answerOver(phone.socket, { inquiryId: inquiry.id, action: "approve" })).toEqual({
      data: expect.objectContaining({ id: inquiry.id }) as unknown,
    });
    const resumed = await onB.session.resumeTask(reference);
    const [fromA, fromB] = await Promise.all([settledOnA, resumed.settle()]);
    const later = await Promise.all(
      [onA, onB].map((client) => client.session.task(reference.taskId).snapshot()),
    );
    for (const view of later) expect(view).toMatchObject({ status: "completed" });
    expect(new Set(onA.sentTo)).toEqual(new Set([nodeA.url.origin]));
    expect(new Set(onB.sentTo)).toEqual(new Set([nodeB.url.origin]));
    return {
      onB,
      resultOnA: resultFromTaskOutcome(fromA.outcome),
      resultOnB: resultFromTaskOutcome(fromB.outcome),
    };
  }

  it("writes the approved file, and both nodes' clients get the upstream's one result", async () => {
    const { resultOnA, resultOnB } = await approveAcrossNodes("write_file", ARGS);
    expect(resultOnB).toMatchObject({
      content: [
        {
          type: "text",
          text: 'Wrote 7 bytes to drafts/plan.md in the sandbox.\nContent: "ship it"',
        },
      ],
    });
    expect(resultOnA).toEqual(resultOnB);
    expect(await readFile(path.join(upstream.sandboxDir, ARGS.path), "utf8")).toBe(ARGS.content);
  });

  it("runs an approved INSERT upstream exactly once while both nodes serve tasks/get", async () => {
    const { onB, resultOnA, resultOnB } = await approveAcrossNodes("execute_sql", INSERT);
    expect(resultText(resultOnB)).toMatch(/^1 row inserted\./);
    expect(resultOnA).toEqual(resultOnB);
    const select = await onB.session.callTool("execute_sql", { query: "SELECT * FROM notes" });
    expect(select.kind).toBe("immediate");
    const rows = resultText(resultFromTaskOutcome(await select.result()));
    expect(rows.split('"title": "across nodes"')).toHaveLength(2);
  });
});
