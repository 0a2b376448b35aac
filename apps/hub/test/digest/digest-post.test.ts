import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub } from "../helpers";
import {
  DIGEST_POST_CONFIG,
  dayOn,
  digestPostsOf,
  registerReader,
  setDigest,
  ticks,
} from "../support/digest-posts";

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The daily post, on a hub whose digest clock runs a day ahead: "yesterday" is then today,
 * so the questions asked in the test are the ones the post counts.
 */
describe("daily digest post", () => {
  let hub: TestHub;
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    receiver = await startLoopbackReceiver();
    hub = await startTestHub(DIGEST_POST_CONFIG, { digestClock: dayOn });
  });
  afterAll(async () => {
    await hub.close();
    await receiver.close();
  });

  it("posts the day's counts once, as a push and a Slack message linking the digest", async () => {
    const reader = await registerReader(hub, receiver, `ada${String(Date.now())}`);
    for (const question of ["Lunch at one?", "Ship it?"])
      await hub.hub.inquiries.create(reader.login.userId, { question });
    await setDigest(hub, reader, true);

    const { pushes, posts } = await waitFor(() => {
      const got = digestPostsOf(receiver, reader);
      return Promise.resolve(got.pushes.length > 0 && got.posts.length > 0 ? got : undefined);
    });
    const link = `https://hub.example.test/digest?day=${today()}&timeZone=UTC`;
    expect(pushes).toEqual([
      { type: "digest:daily", day: today(), text: "Yesterday: 2 asked, 2 pending", link },
    ]);
    expect(posts).toEqual([{ text: `Yesterday: 2 asked, 2 pending\n<${link}|Open the digest>` }]);

    await ticks(500);
    const again = digestPostsOf(receiver, reader);
    expect([again.pushes.length, again.posts.length]).toEqual([1, 1]);
  });

  it("posts nothing to someone with the digest off", async () => {
    // Only ever off: turning it on first would let a tick between the two saves post it,
    // rightly. That switching off leaves the index is the settings-store contract's case.
    const reader = await registerReader(hub, receiver, `bob${String(Date.now())}`);
    await setDigest(hub, reader, false);
    const other = await registerReader(hub, receiver, `cy${String(Date.now())}`);
    await setDigest(hub, other, true);
    await waitFor(() =>
      Promise.resolve(digestPostsOf(receiver, other).posts.length > 0 ? true : undefined),
    );
    await ticks(300);
    expect(digestPostsOf(receiver, reader)).toEqual({ pushes: [], posts: [] });
  });
});
