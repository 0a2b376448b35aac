import { randomUUID } from "node:crypto";
import { ToolLoopAgent } from "ai";
import { startHubWithBridge } from "@inquiry-hub/test-kit";
import type { HubWithBridge } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NOBODY_DECIDED_REASON, connectAiSdkHubApprovals, runWithHubApprovals } from "../src/index";
import type { HubApprovals } from "../src/index";
import { createEmailTools } from "./support/email-tools";
import type { ToolRun } from "./support/email-tools";
import { createScriptedModel } from "./support/scripted-model";

let hub: HubWithBridge<HubApprovals>;

beforeAll(async () => {
  hub = await startHubWithBridge(connectAiSdkHubApprovals, {
    inquiryTimeoutSeconds: 1,
    timeoutGraceSeconds: 0.5,
  });
});

afterAll(() => hub.close());

it("denies a call nobody decided in time, and the model reads why", async () => {
  const runs: ToolRun[] = [];
  const conversationId = `conversation-${randomUUID()}`;
  const model = createScriptedModel([
    { toolCallId: "call-1", toolName: "sendEmail", input: { to: "a@b.c", subject: "hi" } },
  ]);
  const run = runWithHubApprovals(
    new ToolLoopAgent({ model, tools: createEmailTools(runs) }),
    hub.approvals,
    { conversationId, messages: [{ role: "user", content: "Email a@b.c" }] },
  );
  const card = await hub.phone.nextApproval(
    (inquiry) => inquiry.approval?.runId === conversationId,
  );

  const { result } = await run;
  expect(hub.phone.withdrawn()).toContain(card.id);
  expect(runs).toEqual([]);
  expect(model.doGenerateCalls[1]?.prompt.at(-1)).toMatchObject({
    role: "tool",
    content: [{ output: { type: "execution-denied", reason: NOBODY_DECIDED_REASON } }],
  });
  expect(result.text).toBe(`Done. sendEmail was denied: ${NOBODY_DECIDED_REASON}`);
});
