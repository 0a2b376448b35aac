import { HUB_TOOL_NAMES, IDEMPOTENCY_META_KEY, RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { beforeEach, describe, expect, it } from "vitest";
import { callUntilOpened, resultText } from "../helpers";
import type { TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import { expectTaskAnsweredFromPhone, useHubWithFreshOwner } from "../support/hub-with-fresh-owner";
import { connectTasksClient } from "../support/tasks-client";
import type { TasksClient, TasksClientOptions } from "../support/tasks-client";

const ASK = { prompt: "Which city?" };

describe("send_inquiry as a Task (io.modelcontextprotocol/tasks) on the hub's /mcp", () => {
  const suite = useHubWithFreshOwner();
  let stranger: TestLogin;

  beforeEach(async () => {
    stranger = await suite.hub.registerUser("stranger");
  });

  /** A fresh ext-tasks client process on the hub, closed after the test. */
  async function tasksClient(token: string, options?: TasksClientOptions): Promise<TasksClient> {
    const client = await connectTasksClient([suite.hub.url], token, options);
    suite.closeAfterTest(() => client.close());
    return client;
  }

  /** The owner's phone online, then send_inquiry called as a task by a fresh client. */
  async function askOnPhone(options?: TasksClientOptions) {
    const phone = await suite.hub.devices.connect({ token: suite.owner.token });
    const announced = nextEvent(phone.socket, "inquiry:new");
    const { session } = await tasksClient(suite.owner.token, options);
    const execution = await session.callTool(HUB_TOOL_NAMES.sendInquiry, ASK);
    return { phone, session, execution, inquiry: await announced };
  }

  it("stores the inquiry before CreateTaskResult and completes with the device's answer", async () => {
    const { phone, execution, inquiry } = await askOnPhone();
    await expectTaskAnsweredFromPhone(suite, phone, execution, inquiry);
  });

  it("takes the client's own answer through tasks/update, and a device then loses", async () => {
    const { phone, execution, inquiry } = await askOnPhone({
      onInputRequest: (request) => {
        expect(request).toMatchObject({ kind: "elicitation", params: { message: ASK.prompt } });
        return Promise.resolve({ action: "accept", content: { answer: "Suzhou" } } as never);
      },
    });
    const { outcome } = await execution.settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      content: [{ type: "text", text: "Suzhou" }],
    });

    await expect.poll(() => phone.withdrawn.length).toBe(1);
    expect(phone.withdrawn[0]).toMatchObject({
      inquiryId: inquiry.id,
      status: "answered",
      byDeviceId: suite.owner.deviceId,
    });
    const late = await answerOver(phone.socket, { inquiryId: inquiry.id, response: "Hangzhou" });
    expect(late).toMatchObject({ error: { code: "CONFLICT" } });
  });

  it("withdraws the inquiry on every device when the task is cancelled", async () => {
    const laptopLogin = await suite.hub.login(suite.owner.username, "laptop");
    const laptop = await suite.hub.devices.connect({ token: laptopLogin.token });
    const { phone, session, execution, inquiry } = await askOnPhone();
    const onPhone = nextEvent(phone.socket, "inquiry:withdrawn");
    const onLaptop = nextEvent(laptop.socket, "inquiry:withdrawn");
    await execution.cancel();
    for (const withdrawn of await Promise.all([onPhone, onLaptop]))
      expect(withdrawn).toMatchObject({ inquiryId: inquiry.id, status: "cancelled" });
    const view = await session.task(`inquiry.${inquiry.id}` as never).snapshot();
    expect(view.status).toBe("cancelled");
  });

  it("lets a new client process resume the task by id, and refuses another user's key", async () => {
    const { phone, session: first, execution, inquiry } = await askOnPhone();
    if (execution.kind !== "task") throw new Error("expected a task");
    const reference = execution.serializeReference();
    await execution.detach();
    await first.close();

    await answerOver(phone.socket, { inquiryId: inquiry.id, reason: "not now", action: "reject" });

    const { session: restarted } = await tasksClient(suite.owner.token);
    const resumed = await restarted.resumeTask(reference);
    const { outcome } = await resumed.settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      content: [
        { type: "text", text: expect.stringContaining(RESULT_OPENINGS.rejected) as string },
      ],
    });

    const { session: other } = await tasksClient(stranger.token);
    await expect(other.task(reference.taskId).snapshot()).rejects.toMatchObject({ code: -32602 });
    await expect(other.task(reference.taskId).cancel()).rejects.toMatchObject({ code: -32602 });
  });

  it("gives a keyed call the same task for the same key, then the plain final result", async () => {
    const phone = await suite.hub.devices.connect({ token: suite.owner.token });
    const keyed = { metadata: { [IDEMPOTENCY_META_KEY]: "run-7:call-1" } };
    const first = await tasksClient(suite.owner.token);
    const execution = await first.session.callTool(HUB_TOOL_NAMES.sendInquiry, ASK, keyed);
    const retried = await tasksClient(suite.owner.token);
    const again = await retried.session.callTool(HUB_TOOL_NAMES.sendInquiry, ASK, keyed);
    expect(again.handle?.taskId).toBe(execution.handle?.taskId);
    await expect.poll(() => phone.created.length).toBe(1);
    expect(execution.handle?.taskId).toBe(`inquiry.${phone.created[0]?.id ?? ""}`);

    await answerOver(phone.socket, { inquiryId: phone.created[0]?.id, response: "Ningbo" });
    const { outcome } = await again.settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      content: [{ type: "text", text: "Ningbo" }],
    });
    const replay = await retried.session.callTool(HUB_TOOL_NAMES.sendInquiry, ASK, keyed);
    expect(replay.kind).toBe("immediate");
    const { outcome: replayed } = await replay.settle();
    expect(resultFromTaskOutcome(replayed)).toMatchObject({
      content: [{ type: "text", text: "Ningbo" }],
    });
  });

  it("keeps the plain blocking wire for a v1 SDK client: progress, then the answer, no task", async () => {
    const legacy = await suite.hub.connectMcp(suite.owner.token);
    expect(legacy.getServerCapabilities()).not.toHaveProperty("extensions");
    const opened = await callUntilOpened(
      legacy,
      { name: HUB_TOOL_NAMES.sendInquiry, arguments: ASK },
      "INQUIRY",
    );
    const answered = await suite.hub.request(`/api/inquiries/${opened.inquiryId}/answer`, {
      token: suite.owner.token,
      body: { response: "Xiamen" },
    });
    expect(answered.status).toBe(200);
    const result = await opened.call;
    expect(result).not.toHaveProperty("resultType", "task");
    expect(result).not.toHaveProperty("taskId");
    expect(resultText(result)).toBe("Xiamen");
  });
});
