import { setTimeout as sleep } from "node:timers/promises";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PushMessageSchema } from "@inquiry-hub/protocol";
import type { InquiryExpiring } from "@inquiry-hub/protocol";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { useTestCluster } from "../support/cluster-suite";
import { registerPushedPhone } from "../support/hub-and-receiver";

/** Long enough for a duplicate from the other node to have arrived, had one been sent. */
const QUIET_MS = 400;

/**
 * Expiry warnings on two nodes sharing Redis: both nodes arm the warning from the bus, each
 * tells only its own sockets, and the claim lets exactly one push go out.
 */
describe("expiry warnings on two nodes", () => {
  const cluster = useTestCluster(
    { name: "expiry", leaseSeconds: 2 },
    { vapidKeys: webPush.generateVAPIDKeys(), pushAllowPrivate: true },
  );
  let pushService: LoopbackReceiver;

  beforeAll(async () => {
    pushService = await startLoopbackReceiver();
  });
  afterAll(() => pushService.close());

  it("pushes one warning and tells every device once, whichever node it is on", async () => {
    const { nodeA, nodeB } = cluster();
    const setup = { hub: nodeA, receiver: pushService };
    const { phone, browser } = await registerPushedPhone(setup, "clustered");
    const onA = await nodeA.devices.connect({
      token: (await nodeA.login(phone.username, "Laptop")).token,
    });
    const onB = await nodeB.devices.connect({
      token: (await nodeB.login(phone.username, "Desktop")).token,
    });
    const heard: InquiryExpiring[][] = [[], []];
    onA.socket.on("inquiry:expiring", (event) => heard[0]?.push(event));
    onB.socket.on("inquiry:expiring", (event) => heard[1]?.push(event));

    const inquiry = await nodeB.hub.inquiries.create(phone.userId, {
      question: "Which city?",
      timeoutMs: 1_500,
    });
    const [, warned] = await pushService.waitForCount(2);
    const expected = { inquiryId: inquiry.id, expiresAt: inquiry.expiresAt };
    await expect.poll(() => heard).toEqual([[expected], [expected]]);
    await sleep(QUIET_MS);
    expect(heard).toEqual([[expected], [expected]]);
    expect(pushService.received).toHaveLength(2);
    expect(
      PushMessageSchema.parse(JSON.parse(browser.decrypt(warned?.body ?? Buffer.alloc(0)))),
    ).toMatchObject({ type: "inquiry:expiring", inquiry: { id: inquiry.id } });

    await nodeA.hub.inquiries.cancel(inquiry.id);
    await pushService.waitForCount(4);
    await sleep(QUIET_MS);
    expect(pushService.received).toHaveLength(4);
  });
});
