import { HUB_TOOL_NAMES } from "@inquiry-hub/protocol";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import type { WithTasksOptions } from "@modelcontextprotocol/ext-tasks/client";
import { describe, expect, it } from "vitest";
import { answerOver, nextEvent } from "../socket-helpers";
import { useHubWithFreshOwner } from "../support/hub-with-fresh-owner";
import { connectTasksClient } from "../support/tasks-client";

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
  const suite = useHubWithFreshOwner();

  it.each(DISMISSALS)(
    "stays open on the phone when the host $host, and the phone's later answer completes the task",
    async ({ onInputRequest }) => {
      const phone = await suite.hub.devices.connect({ token: suite.owner.token });
      const announced = nextEvent(phone.socket, "inquiry:new");
      const client = await connectTasksClient(
        [suite.hub.url],
        suite.owner.token,
        onInputRequest === undefined ? {} : { onInputRequest },
      );
      suite.closeAfterTest(() => client.close());
      const execution = await client.session.callTool(HUB_TOOL_NAMES.sendInquiry, ASK);
      const inquiry = await announced;

      await expect
        .poll(() => client.rawSent.some((request) => request.method === "tasks/update"), {
          timeout: 10_000,
        })
        .toBe(true);
      const view = await client.session.task(`inquiry.${inquiry.id}` as never).snapshot();
      expect(view.status).toBe("input_required");
      expect((await suite.hub.hub.inquiries.get(suite.owner.userId, inquiry.id)).status).toBe(
        "pending",
      );
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
