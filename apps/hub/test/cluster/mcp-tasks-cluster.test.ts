import { HUB_TOOL_NAMES } from "@inquiry-hub/protocol";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { afterEach, describe, expect, it } from "vitest";
import { answerOver, nextEvent } from "../socket-helpers";
import { useTestCluster } from "../support/cluster-suite";
import { connectTasksClient } from "../support/tasks-client";
import type { TasksClient } from "../support/tasks-client";

/**
 * Two hub nodes on one redis-server: a task lives in the shared store only, so the node that
 * created it need not serve anything after CreateTaskResult.
 */
/** The public address both nodes sit behind, which task references are scoped to. */
const BALANCED = { endpointId: "https://hub.example.test/mcp" };

describe("a send_inquiry task across two hub nodes", () => {
  const cluster = useTestCluster({ name: "tasks", leaseSeconds: 3 });
  const clients: TasksClient[] = [];
  // Registered after the cluster's own hook, so it runs first: clients close before devices.
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  });

  it("is created on node A, read on node B, answered by a phone on node B, and completes", async () => {
    const { nodeA, nodeB } = cluster();
    const owner = await nodeA.registerUser("tasks");
    const phoneLogin = await nodeB.login(owner.username, "phone");
    const phone = await nodeB.devices.connect({ token: phoneLogin.token });
    const announced = nextEvent(phone.socket, "inquiry:new");

    const onA = await connectTasksClient([nodeA.url], owner.token, BALANCED);
    clients.push(onA);
    const execution = await onA.session.callTool(HUB_TOOL_NAMES.sendInquiry, {
      prompt: "Deploy on Friday?",
    });
    if (execution.kind !== "task") throw new Error("expected a task");
    const reference = execution.serializeReference();
    await execution.detach();
    const inquiry = await announced;
    expect(reference.taskId).toBe(`inquiry.${inquiry.id}`);

    const onB = await connectTasksClient([nodeB.url], owner.token, BALANCED);
    clients.push(onB);
    const view = await onB.session.task(reference.taskId).snapshot();
    expect(view).toMatchObject({
      status: "input_required",
      raw: { inputRequests: { answer: { params: { message: "Deploy on Friday?" } } } },
    });

    const ack = await answerOver(phone.socket, { inquiryId: inquiry.id, response: "No" });
    expect(ack).toMatchObject({ data: { status: "answered" } });
    const resumed = await onB.session.resumeTask(reference);
    const { outcome } = await resumed.settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      content: [{ type: "text", text: "No" }],
    });
    expect(new Set(onA.sentTo)).toEqual(new Set([nodeA.url.origin]));
    expect(new Set(onB.sentTo)).toEqual(new Set([nodeB.url.origin]));
  });
});
