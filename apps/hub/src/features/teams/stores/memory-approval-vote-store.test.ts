import { describe, expect, it } from "vitest";
import type { ApprovalVote } from "@inquiry-hub/protocol";
import { createMemoryApprovalVoteStore } from "./memory-approval-vote-store";

const AT = "2026-01-01T12:00:00.000Z";
const RULE = { required: 2, rejectEnds: true };

function vote(userId: string): ApprovalVote {
  return { userId, deviceId: `${userId}-phone`, decision: "approve", at: AT };
}

describe("memory approval vote store: expiry", () => {
  it("drops a ballot and its shared entries once the TTL passed after the last write", async () => {
    let clock = 0;
    const store = createMemoryApprovalVoteStore({ ttlMs: 1_000, now: () => clock });
    await store.share("old", ["b", "c"], AT);
    await store.cast("old", vote("b"), RULE);
    clock = 600;
    await store.share("recent", ["b"], AT);
    clock = 1_100;
    await store.cast("recent", vote("c"), RULE);

    clock = 1_700;
    expect(await store.sharedWith("b")).toEqual(["recent"]);
    expect(await store.sharedWith("c")).toEqual([]);
    expect(await store.ballot("old")).toEqual({ step: 0, votes: [] });
    expect((await store.ballot("recent")).votes).toHaveLength(1);

    clock = 2_200;
    expect(await store.sharedWith("b")).toEqual([]);
    expect(await store.ballot("recent")).toEqual({ step: 0, votes: [] });
  });
});
