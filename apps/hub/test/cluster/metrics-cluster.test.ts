import { randomBytes } from "node:crypto";
import { scrape, valueOf } from "@inquiry-hub/test-kit";
import type { Sample } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUntilOpened, resultText } from "../helpers";
import { answerOver } from "../socket-helpers";
import { startTestCluster } from "../support/cluster";
import type { TestCluster } from "../support/cluster";

const METRICS_TOKEN = randomBytes(24).toString("hex");

/**
 * Two hub nodes on one real redis-server: what each node's `/metrics` shows when the call is
 * held by node A and the answers arrive on either node. Per-node series must add up to the
 * cluster's truth, so dashboards can sum them.
 */
describe("/metrics across two nodes", () => {
  let cluster: TestCluster;

  beforeAll(async () => {
    cluster = await startTestCluster(
      { name: "metrics", leaseSeconds: 3 },
      { heartbeatSeconds: 30, metrics: { kind: "main-port", token: METRICS_TOKEN } },
    );
  });
  afterAll(() => cluster.close());

  const both = (): Promise<[Sample[], Sample[]]> =>
    Promise.all([
      scrape(cluster.nodeA.url, METRICS_TOKEN),
      scrape(cluster.nodeB.url, METRICS_TOKEN),
    ]);

  it("counts pending where the call waits, each resolution once, deliveries where the sockets are", async () => {
    const { nodeA, nodeB } = cluster;
    const owner = await nodeA.registerUser("metrics", "Desk");
    const phoneLogin = await nodeB.login(owner.username, "Phone");
    const desk = await nodeA.devices.connect({ token: owner.token });
    const phone = await nodeB.devices.connect({ token: phoneLogin.token });

    const mcp = await nodeA.connectMcp(owner.token);
    const calls = await Promise.all(
      ["Which city?", "Which day?", "Which hour?"].map((prompt) =>
        callUntilOpened(mcp, { name: "send_inquiry", arguments: { prompt } }, "INQUIRY"),
      ),
    );
    await expect.poll(() => desk.created.length === 3 && phone.created.length === 3).toBe(true);
    const [openA, openB] = await both();
    expect(valueOf(openA, "inquiry_hub_pending_inquiries", { type: "INQUIRY" })).toBe(3);
    expect(valueOf(openB, "inquiry_hub_pending_inquiries", { type: "INQUIRY" })).toBe(0);

    const [onPhone, onDesk, raced] = calls;
    if (onPhone === undefined || onDesk === undefined || raced === undefined)
      throw new Error("calls missing");
    expect(
      "data" in (await answerOver(phone.socket, { inquiryId: onPhone.inquiryId, response: "B" })),
    ).toBe(true);
    expect(
      "data" in (await answerOver(desk.socket, { inquiryId: onDesk.inquiryId, response: "A" })),
    ).toBe(true);
    const race = await Promise.all([
      answerOver(desk.socket, { inquiryId: raced.inquiryId, response: "desk" }),
      answerOver(phone.socket, { inquiryId: raced.inquiryId, response: "phone" }),
    ]);
    expect(race.filter((ack) => "data" in ack)).toHaveLength(1);
    expect(resultText(await onPhone.call)).toBe("B");
    expect(resultText(await onDesk.call)).toBe("A");
    await raced.call;

    const [afterA, afterB] = await both();
    const answered = { outcome: "answered" };
    const resolvedOnA = valueOf(afterA, "inquiry_hub_resolutions_total", answered);
    const resolvedOnB = valueOf(afterB, "inquiry_hub_resolutions_total", answered);
    expect(resolvedOnA).toBeGreaterThanOrEqual(1);
    expect(resolvedOnB).toBeGreaterThanOrEqual(1);
    expect(resolvedOnA + resolvedOnB).toBe(3);
    expect(
      valueOf(afterA, "inquiry_hub_resolution_seconds_count", answered) +
        valueOf(afterB, "inquiry_hub_resolution_seconds_count", answered),
    ).toBe(3);
    expect(
      valueOf(afterA, "inquiry_hub_answer_conflicts_total") +
        valueOf(afterB, "inquiry_hub_answer_conflicts_total"),
    ).toBe(1);
    for (const samples of [afterA, afterB]) {
      expect(valueOf(samples, "inquiry_hub_pending_inquiries", { type: "INQUIRY" })).toBe(0);
      const socket = { channel: "socket" };
      expect(valueOf(samples, "inquiry_hub_first_delivery_seconds_count", socket)).toBe(3);
      expect(valueOf(samples, "inquiry_hub_connected_devices")).toBe(1);
    }
  });
});
