import { describe, expect, it } from "vitest";
import { PushMessageSchema } from "@inquiry-hub/protocol";
import type { PushMessage } from "@inquiry-hub/protocol";
import type { FakeBrowserKeys } from "@inquiry-hub/test-kit";
import { runBatchId } from "../../src/features/approvals/batches/batch-assigner";
import { registerPushedPhone, useHubAndReceiver } from "../support/hub-and-receiver";
import {
  SEND_EMAIL,
  connectV2,
  createAgentKey,
  requestApproval,
} from "../support/request-approval";

/** One Web Push notification per batch, on a phone that is away (subscribed, no socket). */
describe("batch notifications", () => {
  const setup = useHubAndReceiver({ pushAllowPrivate: true, approvalBatchPushSeconds: 0.5 });

  const pushesTo = (browser: FakeBrowserKeys): PushMessage[] =>
    setup.receiver.received
      .filter((each) => each.path === "/push/phone")
      .map((each) =>
        PushMessageSchema.parse(JSON.parse(browser.decrypt(each.body ?? Buffer.alloc(0)))),
      );

  it("five approvals of one run reach the phone as one grouped notification naming the batch; a lone one as itself", async () => {
    const { phone, browser } = await registerPushedPhone(setup, "batch-push");
    const bridge = await connectV2(
      setup.hub,
      await createAgentKey(setup.hub, phone.token),
      "2026-07-28",
    );
    const five = [1, 2, 3, 4, 5].map((n) =>
      requestApproval(bridge, {
        ...SEND_EMAIL,
        arguments: { ...SEND_EMAIL.arguments, to: `p${n}@example.com` },
        run_id: "run-push",
      }),
    );
    const ids = await Promise.all(
      five.map(async (each) => (await each.progress.next("APPROVAL")).inquiryId),
    );
    await expect.poll(() => pushesTo(browser).length, { timeout: 5_000 }).toBe(1);
    expect(pushesTo(browser)).toEqual([
      {
        type: "inquiries:grouped",
        credentialId: expect.any(String) as string,
        agentName: "framework bridge",
        count: 5,
        batchId: runBatchId(phone.userId, "run-push"),
      },
    ]);

    const lone = requestApproval(bridge, { ...SEND_EMAIL, run_id: "run-lone" });
    const { inquiryId } = await lone.progress.next("APPROVAL");
    await expect.poll(() => pushesTo(browser).length, { timeout: 5_000 }).toBe(2);
    expect(pushesTo(browser)[1]).toMatchObject({ type: "inquiry:new", inquiry: { id: inquiryId } });

    const decided = await setup.hub.request(
      `/api/approval-batches/${runBatchId(phone.userId, "run-push")}/decide`,
      { token: phone.token, body: { action: "reject", inquiryIds: ids } },
    );
    expect(decided.status).toBe(200);
    const answered = await setup.hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token: phone.token,
      body: { action: "reject" },
    });
    expect(answered.status).toBe(200);
    await Promise.all([...five, lone].map((each) => each.call));
    await bridge.close();
  });
});
