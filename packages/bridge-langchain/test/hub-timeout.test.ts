import { ToolMessage } from "@langchain/core/messages";
import { startHubWithBridge } from "@inquiry-hub/test-kit";
import type { HubWithBridge } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  UndecidedApprovalError,
  connectLangGraphHubApprovals,
  runWithHubApprovals,
  waitingApprovals,
} from "../src/index";
import type { HubApprovals } from "../src/index";
import { ask, createEmailAgent, newThread, scriptedModel } from "./support/email-agent";

const REPORT = { to: "team@example.com", subject: "Weekly report" };

let hub: HubWithBridge<HubApprovals>;

beforeAll(async () => {
  hub = await startHubWithBridge(connectLangGraphHubApprovals, {
    inquiryTimeoutSeconds: 0.3,
    timeoutGraceSeconds: 0.2,
  });
});

afterAll(() => hub?.close());

describe("an approval nobody decides", () => {
  it("skips the call and tells the model that nobody decided in time", async () => {
    const model = scriptedModel([REPORT]);
    const { agent, sent } = createEmailAgent({ model });
    const result = await runWithHubApprovals(agent, ask(), newThread(), { hub: hub.approvals });

    expect((await hub.phone.nextApproval()).approval?.tool).toBe("send_email");
    expect(sent).toEqual([]);
    const seenByModel = model.calls[1]?.messages.at(-1);
    expect(ToolMessage.isInstance(seenByModel)).toBe(true);
    expect(seenByModel?.text).toContain("nobody decided in time");
    expect(result.messages.at(-1)?.text).toContain("nobody decided in time");
  });

  it("keeps the run paused when the review config offers no reject to say so", async () => {
    const thread = newThread();
    const { agent, sent } = createEmailAgent({
      model: scriptedModel([REPORT]),
      interruptOn: { allowedDecisions: ["approve", "edit"] },
    });
    const run = runWithHubApprovals(agent, ask(), thread, { hub: hub.approvals });

    await expect(run).rejects.toBeInstanceOf(UndecidedApprovalError);
    await expect(run).rejects.toMatchObject({ tool: "send_email", outcome: "timeout" });
    expect(sent).toEqual([]);
    expect(await waitingApprovals(agent, thread)).toHaveLength(1);
  });
});
