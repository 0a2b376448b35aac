import { describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { ReachSettings } from "./routing-plan";
import { shareReachReads } from "./shared-reach-reads";

const question = (id: string): Inquiry => ({ id, userId: "u1", status: "pending" }) as Inquiry;

function countingReads(): { reads: string[]; reachOf: (userId: string) => Promise<ReachSettings> } {
  const reads: string[] = [];
  return {
    reads,
    reachOf: (userId) => {
      reads.push(userId);
      return Promise.resolve({});
    },
  };
}

describe("reach reads shared by one event", () => {
  it("read once for the channels asking about the same event together", async () => {
    const { reads, reachOf } = countingReads();
    const reachFor = shareReachReads(reachOf);
    const inquiry = question("q1");
    const [push, webhook] = await Promise.all([reachFor(inquiry), reachFor(inquiry)]);
    expect(reads).toEqual(["u1"]);
    expect(webhook).toBe(push);
  });

  it("read the store again once the shared read has settled", async () => {
    const { reads, reachOf } = countingReads();
    const reachFor = shareReachReads(reachOf);
    const inquiry = question("q1");
    const first = await reachFor(inquiry);
    const later = await reachFor(inquiry);
    expect(reads).toEqual(["u1", "u1"]);
    expect(later).not.toBe(first);
  });

  it("read for each event, even when two are heard at once", async () => {
    const { reads, reachOf } = countingReads();
    const reachFor = shareReachReads(reachOf);
    await Promise.all([reachFor(question("q1")), reachFor(question("q2"))]);
    expect(reads).toEqual(["u1", "u1"]);
  });

  it("give every channel the failed read's error", async () => {
    const reachFor = shareReachReads(() => Promise.reject(new Error("settings unavailable")));
    const inquiry = question("q1");
    const results = await Promise.allSettled([reachFor(inquiry), reachFor(inquiry)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
