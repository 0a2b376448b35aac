import { setTracingDisabled } from "@openai/agents";
import { startHubWithBridge } from "@inquiry-hub/test-kit";
import type { HubWithBridge } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectOpenAIAgentsApprovals, runWithHubApprovals } from "../src/index";
import type { HubApprovals } from "../src/index";
import { emailAgent } from "./support/email-agent";

setTracingDisabled(true);

describe("an approval nobody decides", () => {
  let hub: HubWithBridge<HubApprovals>;

  beforeAll(async () => {
    hub = await startHubWithBridge(connectOpenAIAgentsApprovals, {
      inquiryTimeoutSeconds: 0.3,
      timeoutGraceSeconds: 0.2,
    });
  });
  afterAll(() => hub.close());

  it("times out as a rejection: the tool does not run and the model is told nobody decided", async () => {
    const { agent, sent } = emailAgent([{ to: "ann@example.com", subject: "Q3 report" }]);
    const finished = runWithHubApprovals(agent, "Send Ann the report", hub.approvals, {
      runId: `timeout-${Date.now()}`,
    });

    const card = await hub.phone.nextApproval();
    const result = await finished;

    expect(sent).toEqual([]);
    expect(result.finalOutput).toBe(
      `finished: No decision on the call to send_email: nobody decided in time, so it was not run. Do not retry the same call; adapt your plan or ask the person what they want instead.`,
    );
    expect(hub.phone.withdrawn()).toContain(card.id);
  });
});
