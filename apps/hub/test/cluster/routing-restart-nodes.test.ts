import { randomUUID } from "node:crypto";
import { HistoryDetailSchema } from "@inquiry-hub/protocol";
import { startLoopbackReceiver, startRedisServer } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver, TestRedisServer } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestNode } from "../support/cluster";
import type { ClusterOptions, TestNode } from "../support/cluster";
import { subscribeToReceiver } from "../support/hub-and-receiver";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PLAN = { routing: { pushAfterSeconds: 2, webhookAfterSeconds: null } };

/**
 * A plan's delayed push on one Redis shared by several nodes: every node that heard the
 * question waits for the due time armed in Redis, and the step is claimed only then. A node
 * waiting for it is stopped during the wait and a new node starts: the push still goes out
 * once, on time, from one of the nodes still up. (The question is asked on a node that stays:
 * a node that dies takes the questions it holds with it, cancelled by the others.)
 */
describe("a delayed push when a node stops during the wait", () => {
  let redis: TestRedisServer;
  let receiver: LoopbackReceiver;
  let cluster: ClusterOptions;
  const running: TestNode[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    receiver = await startLoopbackReceiver();
    cluster = {
      redisUrl: redis.url,
      keyPrefix: `routing-restart-${randomUUID()}:`,
      leaseSeconds: 3,
    };
  });
  afterAll(async () => {
    await Promise.all(running.map((node) => node.close()));
    await receiver.close();
    await redis.stop();
  });
  const startNode = async () => {
    const node = await startTestNode(cluster, { pushAllowPrivate: true });
    running.push(node);
    return node;
  };
  const stopNode = async (node: TestNode) => {
    running.splice(running.indexOf(node), 1);
    await node.close();
  };

  it("is pushed once, about 2 s after the question was asked, by a node still up", async () => {
    const [leaving, other] = [await startNode(), await startNode()];
    const phone = await other.registerUser("routing-nodes", "Phone");
    await subscribeToReceiver({ hub: other, receiver }, phone, "/push/phone");
    const put = await other.request("/api/settings", {
      method: "PUT",
      token: phone.token,
      body: PLAN,
    });
    expect(put.status).toBe(200);
    const laptop = await other.login(phone.username, "Laptop");
    const tab = await other.devices.connect({ token: laptop.token });
    const ack = await new Promise((resolve) =>
      tab.socket.emit("presence:report", { visible: true, focused: true }, resolve),
    );
    expect(ack).toEqual({ data: { kept: true } });

    const inquiry = await other.hub.inquiries.create(phone.userId, { question: "Who sends?" });
    const askedAt = Date.parse(inquiry.createdAt);
    await settle(500);
    await stopNode(leaving);
    await startNode();

    await receiver.waitForCount(1);
    const pushedAfter = Date.now() - askedAt;
    expect(pushedAfter).toBeGreaterThanOrEqual(2000);
    expect(pushedAfter).toBeLessThan(3000);
    await settle(1000);
    expect(receiver.received).toHaveLength(1);
    const response = await other.request(`/api/history/${inquiry.id}`, { token: phone.token });
    const receipts = HistoryDetailSchema.parse(await response.json()).item.receipts ?? [];
    expect(receipts.map((each) => `${each.channel} ${each.kind}`)).toEqual([
      "push waiting",
      "push delivered",
    ]);
    tab.socket.disconnect();
  });
});
