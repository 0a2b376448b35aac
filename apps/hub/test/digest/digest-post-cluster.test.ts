import { randomUUID } from "node:crypto";
import { startLoopbackReceiver, startRedisServer } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver, TestRedisServer } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers";
import { startTestNode } from "../support/cluster";
import type { TestNode } from "../support/cluster";
import {
  DIGEST_POST_CONFIG,
  dayOn,
  digestPostsOf,
  registerReader,
  setDigest,
  ticks,
} from "../support/digest-posts";

/** Two nodes on one redis-server both tick; the person's digest of the day goes out once. */
describe("daily digest post across nodes", () => {
  let redis: TestRedisServer;
  let nodes: TestNode[];
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    redis = await startRedisServer();
    receiver = await startLoopbackReceiver();
    const cluster = { redisUrl: redis.url, keyPrefix: `digest-${randomUUID()}:`, leaseSeconds: 3 };
    nodes = [
      await startTestNode(cluster, DIGEST_POST_CONFIG, { digestClock: dayOn }),
      await startTestNode(cluster, DIGEST_POST_CONFIG, { digestClock: dayOn }),
    ];
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await receiver.close();
    await redis.stop();
  });

  it("posts one push and one webhook message, whichever node ticks first", async () => {
    const [nodeA, nodeB] = nodes;
    if (nodeA === undefined || nodeB === undefined) throw new Error("two nodes expected");
    const reader = await registerReader(nodeA, receiver, "ada");
    await nodeB.hub.inquiries.create(reader.login.userId, { question: "Ship it?" });
    await setDigest(nodeB, reader, true);

    await waitFor(() => {
      const got = digestPostsOf(receiver, reader);
      return Promise.resolve(got.pushes.length > 0 && got.posts.length > 0 ? true : undefined);
    });
    await ticks(500);
    const { pushes, posts } = digestPostsOf(receiver, reader);
    expect(pushes.map((push) => ("text" in push ? push.text : ""))).toEqual([
      "Yesterday: 1 asked, 1 pending",
    ]);
    expect(posts).toHaveLength(1);
  });
});
