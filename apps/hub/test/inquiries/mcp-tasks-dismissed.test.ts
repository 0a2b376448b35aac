import { HUB_TOOL_NAMES } from "@inquiry-hub/protocol";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import type { WithTasksOptions } from "@modelcontextprotocol/ext-tasks/client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import { connectTasksClient } from "../support/tasks-client";
import type { TasksClient } from "../support/tasks-client";

const ASK = { prompt: "Which city?" };

/** How an MCP host may turn down the question it is shown, without the person answering. */
const DISMISSALS: { host: string; onInputRequest?: WithTasksOptions["onInputRequest"] }[] = [
  { host: "has no input handler (the ext-tasks default: it sends cancel)" },
  {
    host: "declines it",
    onInputRequest: () => Promise.resolve({ action: "decline" } as never),
  },
  {
    host: "fails to show it (an error: the ext-tasks client sends cancel)",
    onInputRequest: () => Promise.reject(new Error("no UI for input")),
  },
];

describe("a 2026-07-28 task's input request dismissed by the MCP host", () => {
  let hub: TestHub;
  let owner: TestLogin;
  const clients: TasksClient[] = [];

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.close());
  beforeEach(async () => {
    owner = await hub.registerUser("owner");
  });

  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    hub.devices.closeAll();
  });

  it.each(DISMISSALS)(
    "stays open on the phone when the host $host, and the phone's later answer completes the task",
    async ({ onInputRequest }) => {
      const phone = await hub.devices.connect({ token: owner.token });
      const announced = nextEvent(phone.socket, "inquiry:new");
      const client = await connectTasksClient(
        [hub.url],
        owner.token,
        onInputRequest === undefined ? {} : { onInputRequest },
      );
      clients.push(client);
      const execution = await client.session.callTool(HUB_TOOL_NAMES.sendInquiry, ASK);
      const inquiry = await announced;

      await expect
        .poll(() => client.rawSent.some((request) => request.method === "tasks/update"), {
          timeout: 10_000,
        })
        .toBe(true);
      const view = await client.session.task(`inquiry.${inquiry.id}` as never).snapshot();
      expect(view.status).toBe("input_required");
      expect((await hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");
      expect(phone.withdrawn).toEqual([]);

      const ack = await answerOver(phone.socket, { inquiryId: inquiry.id, response: "Hangzhou" });
      expect(ack).toMatchObject({ data: { status: "answered" } });
      const { outcome } = await execution.settle();
      expect(resultFromTaskOutcome(outcome)).toMatchObject({
        content: [{ type: "text", text: "Hangzhou" }],
      });
    },
  );
});
