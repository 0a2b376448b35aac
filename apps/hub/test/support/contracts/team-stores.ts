import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ApprovalVote } from "@inquiry-hub/protocol";
import type { ApprovalVoteStore } from "../../../src/features/teams/ports";
import type { TeamStore } from "../../../src/features/teams/ports";

export const AT = "2026-01-01T00:00:00.000Z";

export function vote(userId: string, decision: ApprovalVote["decision"] = "approve"): ApprovalVote {
  return { userId, deviceId: `${userId}-phone`, decision, at: new Date().toISOString() };
}

/** The team port's contract; the Redis store must behave like the memory one. */
export function describeTeamContract(name: string, open: () => TeamStore): void {
  describe(`team store contract: ${name}`, () => {
    it("finds teams by id and member only; a name is a label two teams may share", async () => {
      const store = open();
      const [owner, other] = [randomUUID(), randomUUID()];
      const team = { id: randomUUID(), name: `Ops-${randomUUID()}`, createdAt: AT };
      await store.create(team, { userId: owner, role: "owner", joinedAt: AT });
      const namesake = { ...team, id: randomUUID(), name: team.name.toUpperCase() };
      await store.create(namesake, { userId: other, role: "owner", joinedAt: AT });
      expect(await store.get(team.id)).toEqual(team);
      expect(await store.get(namesake.id)).toEqual(namesake);
      expect(await store.get(team.name)).toBeUndefined();
      expect(await store.teamIdsOf(owner)).toEqual([team.id]);
      expect(await store.teamIdsOf(other)).toEqual([namesake.id]);
      expect((await store.members(team.id)).map((each) => each.userId)).toEqual([owner]);
    });

    it("adds, changes and removes members one at a time", async () => {
      const store = open();
      const [owner, member] = [randomUUID(), randomUUID()];
      const team = { id: randomUUID(), name: `t-${randomUUID()}`, createdAt: AT };
      await store.create(team, { userId: owner, role: "owner", joinedAt: AT });
      await store.putMember(team.id, { userId: member, role: "viewer", joinedAt: AT });
      await store.putMember(team.id, { userId: member, role: "approver", joinedAt: AT });
      const members = await store.members(team.id);
      expect(members).toHaveLength(2);
      expect(members.find((each) => each.userId === member)?.role).toBe("approver");
      expect(await store.teamIdsOf(member)).toEqual([team.id]);
      expect(await store.removeMember(team.id, member)).toBe(true);
      expect(await store.removeMember(team.id, member)).toBe(false);
      expect(await store.teamIdsOf(member)).toEqual([]);
      expect(await store.members(team.id)).toHaveLength(1);
    });
  });
}

/** The vote port's contract, concurrency included. */
export function describeVoteContract(name: string, open: () => ApprovalVoteStore): void {
  describe(`approval vote store contract: ${name}`, () => {
    const rule = { required: 2, rejectEnds: true };

    it("counts a person once and decides at the n-th distinct approval", async () => {
      const store = open();
      const id = randomUUID();
      expect(await store.cast(id, vote("b"), rule)).toMatchObject({ kind: "recorded" });
      const again = await store.cast(id, { ...vote("b"), deviceId: "b-laptop" }, rule);
      expect(again).toMatchObject({ kind: "duplicate", previous: { deviceId: "b-phone" } });
      const second = await store.cast(id, vote("c"), rule);
      expect(second).toMatchObject({ kind: "recorded", ballot: { decided: "approve" } });
      expect(await store.cast(id, vote("d"), rule)).toMatchObject({ kind: "closed" });
      const ballot = await store.ballot(id);
      expect(ballot.votes.map((each) => each.userId)).toEqual(["b", "c"]);
    });

    it("lists votes cast within one millisecond in the order they were cast", async () => {
      const store = open();
      const id = randomUUID();
      const at = new Date().toISOString();
      const voters = ["e", "b", "d", "a", "c"];
      for (const userId of voters)
        await store.cast(id, { ...vote(userId), at }, { required: 10, rejectEnds: true });
      expect((await store.ballot(id)).votes.map((each) => each.userId)).toEqual(voters);
    });

    it("ends at a reject when rejects end it, and keeps counting when they do not", async () => {
      const store = open();
      const ended = randomUUID();
      const rejected = await store.cast(ended, vote("b", "reject"), rule);
      expect(rejected).toMatchObject({ kind: "recorded", ballot: { decided: "reject" } });
      const lenient = randomUUID();
      const soft = { required: 2, rejectEnds: false };
      const outcome = await store.cast(lenient, vote("b", "reject"), soft);
      expect(outcome.kind === "recorded" && outcome.ballot.decided).toBeUndefined();
    });

    it("lets exactly one of many concurrent votes decide", async () => {
      const store = open();
      const id = randomUUID();
      const voters = Array.from({ length: 12 }, (_, index) => `voter-${index}`);
      const outcomes = await Promise.all(
        voters.map((userId) => store.cast(id, vote(userId), rule)),
      );
      const recorded = outcomes.filter((each) => each.kind === "recorded");
      expect(recorded).toHaveLength(2);
      expect(recorded.filter((each) => each.ballot.decided === "approve")).toHaveLength(1);
      expect(outcomes.filter((each) => each.kind === "closed")).toHaveLength(10);
    });

    it("dismisses a voter: their vote stops counting while undecided, and unshares", async () => {
      const store = open();
      const [pending, decided] = [randomUUID(), randomUUID()];
      await store.share(pending, ["b", "c"], AT);
      await store.cast(pending, vote("b"), rule);
      const dismissed = await store.dismiss(pending, "b");
      expect(dismissed).toMatchObject({ struck: true, ballot: { votes: [] } });
      expect(await store.sharedWith("b")).toEqual([]);
      expect(await store.sharedWith("c")).toEqual([pending]);
      expect(await store.cast(pending, vote("c"), rule)).toMatchObject({
        kind: "recorded",
        ballot: { votes: [{ userId: "c" }] },
      });
      const outcome = await store.cast(pending, vote("d"), rule);
      expect(outcome).toMatchObject({ kind: "recorded", ballot: { decided: "approve" } });
      expect((await store.dismiss(pending, "nobody")).struck).toBe(false);

      await store.cast(decided, vote("b", "reject"), rule);
      expect(await store.dismiss(decided, "b")).toMatchObject({
        struck: false,
        ballot: { decided: "reject", votes: [{ userId: "b" }] },
      });
    });

    it("escalates once, only while nobody voted, and shares with the newcomers", async () => {
      const store = open();
      const [quiet, voted] = [randomUUID(), randomUUID()];
      const newcomer = randomUUID();
      await store.share(quiet, ["b"], AT);
      const tries = await Promise.all(
        [1, 1].map((step) => store.escalate(quiet, step, [newcomer], AT)),
      );
      expect(tries.filter(Boolean)).toHaveLength(1);
      expect((await store.ballot(quiet)).step).toBe(1);
      expect(await store.sharedWith(newcomer)).toEqual([quiet]);
      await store.cast(voted, vote("b"), rule);
      expect(await store.escalate(voted, 1, [newcomer], AT)).toBe(false);
      expect(await store.sharedWith(newcomer)).toEqual([quiet]);
    });
  });
}
