import path from "node:path";
import { APPROVAL_RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { afterEach, describe, expect, it } from "vitest";
import { answerOver, nextEvent } from "../socket-helpers";
import { fileExists, startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { expectApprovedWrite, useProxyHarnessPerTest } from "../support/proxy-per-test";
import { connectTasksClient } from "../support/tasks-client";
import { SELF_DECISION_REFUSED } from "../../src/features/approvals/proxy/tasks/approval-task-methods";
import type { TasksClient, TasksClientOptions } from "../support/tasks-client";

const TOOLS = {
  write_file: { description: "Write {args.path} in the sandbox?" },
  get_weather: false,
};
const ARGS = { path: "drafts/plan.md", content: "ship it" };

describe("gated approval-proxy calls as Tasks (io.modelcontextprotocol/tasks)", () => {
  const { setupWithDevice } = useProxyHarnessPerTest(() => startProxyHarness(TOOLS));
  const clients: TasksClient[] = [];
  // Registered after the harness's own hook, so it runs first: clients close before their hub.
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  });

  /** A fresh ext-tasks client process on `/proxy/demo/mcp`. */
  async function tasksClient(
    running: ProxyHarness,
    token: string,
    options: TasksClientOptions = {},
  ): Promise<TasksClient> {
    const client = await connectTasksClient([running.hubUrl], token, {
      path: "/proxy/demo/mcp",
      endpointId: new URL("/proxy/demo/mcp", running.hubUrl).href,
      ...options,
    });
    clients.push(client);
    return client;
  }

  const written = (running: ProxyHarness) => path.join(running.sandboxDir, ARGS.path);

  it("stores the approval before CreateTaskResult and completes with the upstream's result, once", async () => {
    const { harness, token, device } = await setupWithDevice();
    const announced = nextEvent(device.socket, "inquiry:new");
    const { session } = await tasksClient(harness, token);
    const execution = await session.callTool("write_file", ARGS);
    const inquiry = await announced;
    expect(execution.kind).toBe("task");
    expect(execution.handle?.taskId).toBe(`approval.${inquiry.id}`);
    expect(inquiry.approval).toMatchObject({
      upstream: "demo",
      tool: "write_file",
      arguments: ARGS,
    });
    const pending = await session.task(`approval.${inquiry.id}` as never).snapshot();
    expect(pending).toMatchObject({ status: "working" });
    expect(await fileExists(written(harness))).toBe(false);

    expect(
      await answerOver(device.socket, { inquiryId: inquiry.id, action: "approve" }),
    ).toHaveProperty("data");
    const { outcome } = await execution.settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      content: [
        {
          type: "text",
          text: 'Wrote 7 bytes to drafts/plan.md in the sandbox.\nContent: "ship it"',
        },
      ],
    });
    const observers = await Promise.all(
      [1, 2, 3].map(async () =>
        (await tasksClient(harness, token)).session
          .task(`approval.${inquiry.id}` as never)
          .snapshot(),
      ),
    );
    for (const view of observers) expect(view).toMatchObject({ status: "completed" });
    await expectApprovedWrite(harness, inquiry.id, ARGS);
  });

  it("answers a rejected approval with the not-run text and writes nothing", async () => {
    const { harness, token, device } = await setupWithDevice();
    const announced = nextEvent(device.socket, "inquiry:new");
    const { session } = await tasksClient(harness, token);
    const execution = await session.callTool("write_file", ARGS);
    const inquiry = await announced;
    await answerOver(device.socket, { inquiryId: inquiry.id, action: "reject", reason: "not now" });
    const { outcome } = await execution.settle();
    const result = resultFromTaskOutcome(outcome);
    expect(result).toMatchObject({
      content: [{ type: "text", text: expect.stringContaining("not now") as string }],
    });
    expect(JSON.stringify(result)).toContain(APPROVAL_RESULT_OPENINGS.rejected);
    expect(await fileExists(written(harness))).toBe(false);
  });

  it("never lets the calling client decide its own approval: tasks/update is refused", async () => {
    const { harness, token, device } = await setupWithDevice();
    const announced = nextEvent(device.socket, "inquiry:new");
    const forms: unknown[] = [];
    const client = await tasksClient(harness, token, {
      onInputRequest: (request) => {
        forms.push(request);
        return Promise.resolve({ action: "accept", content: { decision: "approve" } } as never);
      },
    });
    const execution = await client.session.callTool("write_file", ARGS);
    const inquiry = await announced;
    const taskId = `approval.${inquiry.id}`;
    const call = client.rawSent.find((request) => request.method === "tools/call");
    const forged = await client.dispatch({
      method: "tasks/update",
      params: {
        taskId,
        inputResponses: { decision: { action: "accept", content: { decision: "approve" } } },
        ...(call?.params?._meta === undefined ? {} : { _meta: call.params._meta }),
      },
    });
    expect(forged).toMatchObject({
      kind: "error",
      error: { code: -32602, message: SELF_DECISION_REFUSED },
    });
    const stillPending = await client.dispatch({
      method: "tasks/get",
      params: {
        taskId,
        ...(call?.params?._meta === undefined ? {} : { _meta: call.params._meta }),
      },
    });
    expect(stillPending).toMatchObject({ kind: "result", result: { status: "working" } });
    expect(await fileExists(written(harness))).toBe(false);

    const approved = await answerOver(device.socket, { inquiryId: inquiry.id, action: "approve" });
    expect(approved).toMatchObject({ data: { id: inquiry.id } });
    const { outcome } = await execution.settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      content: [
        {
          type: "text",
          text: 'Wrote 7 bytes to drafts/plan.md in the sandbox.\nContent: "ship it"',
        },
      ],
    });
    expect(forms).toEqual([]);
  });

  it("withdraws the approval on every device when the task is cancelled", async () => {
    const { harness, token, device } = await setupWithDevice();
    const announced = nextEvent(device.socket, "inquiry:new");
    const { session } = await tasksClient(harness, token);
    const execution = await session.callTool("write_file", ARGS);
    const inquiry = await announced;
    const withdrawn = nextEvent(device.socket, "inquiry:withdrawn");
    await execution.cancel();
    expect(await withdrawn).toMatchObject({ inquiryId: inquiry.id, status: "cancelled" });
    const view = await session.task(`approval.${inquiry.id}` as never).snapshot();
    expect(view.status).toBe("cancelled");
    expect(await fileExists(written(harness))).toBe(false);
  });

  it("refuses another user's key and keeps ungated calls plain", async () => {
    const { harness, token, device } = await setupWithDevice();
    const announced = nextEvent(device.socket, "inquiry:new");
    const { session } = await tasksClient(harness, token);
    await session.callTool("write_file", ARGS);
    const inquiry = await announced;
    const stranger = await harness.registerUser();
    const { session: other } = await tasksClient(harness, stranger);
    const taskId = `approval.${inquiry.id}` as never;
    await expect(other.task(taskId).snapshot()).rejects.toMatchObject({ code: -32602 });
    await expect(other.task(taskId).cancel()).rejects.toMatchObject({ code: -32602 });
    expect((await harness.hub.inquiries.get(inquiry.userId, inquiry.id)).status).toBe("pending");

    const plain = await session.callTool("get_weather", { city: "Hangzhou" });
    expect(plain.kind).toBe("immediate");
  });
});
