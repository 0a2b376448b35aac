import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApprovalVote } from "@inquiry-hub/protocol";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import type { ApprovalVoteStore } from "../src/core/teams/ports";
import type { TeamStore } from "../src/core/teams/ports";
import { createMemoryApprovalVoteStore } from "../src/infra/memory/memory-approval-vote-store";
import { createMemoryTeamStore } from "../src/infra/memory/memory-team-store";
import { createLmdbApprovalVoteStore } from "../src/infra/lmdb/lmdb-approval-vote-store";
import { createLmdbTeamStore } from "../src/infra/lmdb/lmdb-team-store";
import { createRedisInfra } from "../src/infra/redis/index";
import type { RedisInfra } from "../src/infra/redis/index";
import { useSuiteEmbeddedDatabase } from "./support/embedded-database-suite";
import { describeOnSentinelAndCluster, useTopologyInfra } from "./support/replicated-redis";

const AT = "2026-01-01T00:00:00.000Z";

function vote(userId: string, decision: ApprovalVote["decision"] = "approve"): ApprovalVote {
  return { userId, deviceId: `${userId}-phone`, decision, at: new Date().toISOString() };
}

/** The team port's contract; the Redis store must behave like the memory one. */
function describeTeamContract(name: string, open: () => TeamStore): void {
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
function describeVoteContract(name: string, open: () => ApprovalVoteStore): void {
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

describeTeamContract("memory", createMemoryTeamStore);
describeVoteContract("memory", createMemoryApprovalVoteStore);

describe("on Redis", () => {
  let server: TestRedisServer;
  let infra: RedisInfra;
  beforeAll(async () => {
    server = await startRedisServer();
    infra = createRedisInfra({ url: server.url, keyPrefix: `teams-${randomUUID()}:` });
    await infra.ready();
  });
  afterAll(async () => {
    await infra.close();
    await server.stop();
  });
  describeTeamContract("redis", () => infra.teamStore);
  describeVoteContract("redis", () => infra.approvalVotes);
});

/** The history TTL the hub runs with by default: a week. */
const TTL_SECONDS = 7 * 24 * 60 * 60;

describe("embedded", () => {
  const suite = useSuiteEmbeddedDatabase("teams");
  afterEach(() => {
    vi.useRealTimers();
  });
  describeTeamContract("embedded", () => createLmdbTeamStore(suite().db));
  describeVoteContract("embedded", () =>
    createLmdbApprovalVoteStore(suite().db, { ttlSeconds: TTL_SECONDS }),
  );

  it("forgets a ballot and its shared entries once its TTL has passed", async () => {
    const store = createLmdbApprovalVoteStore(suite().db, { ttlSeconds: 1 });
    const [id, userId] = [randomUUID(), randomUUID()];
    await store.share(id, [userId], AT);
    await store.cast(id, vote(userId), { required: 2, rejectEnds: true });
    expect(await store.sharedWith(userId)).toEqual([id]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2_000);
    expect(await store.sharedWith(userId)).toEqual([]);
    expect(await store.ballot(id)).toEqual({ step: 0, votes: [] });
    expect(await store.cast(id, vote(userId), { required: 2, rejectEnds: true })).toMatchObject({
      kind: "recorded",
      ballot: { votes: [{ userId }] },
    });
  });
});

describe("embedded across a restart", () => {
  const suite = useSuiteEmbeddedDatabase("teams-reopen");

  it("keeps a team's members and a half-voted shared approval", async () => {
    const [owner, member, inquiryId] = [randomUUID(), randomUUID(), randomUUID()];
    const team = { id: randomUUID(), name: "Ops", createdAt: AT };
    const teams = createLmdbTeamStore(suite().db);
    const votes = createLmdbApprovalVoteStore(suite().db, { ttlSeconds: TTL_SECONDS });
    await teams.create(team, { userId: owner, role: "owner", joinedAt: AT });
    await teams.putMember(team.id, { userId: member, role: "approver", joinedAt: AT });
    await votes.share(inquiryId, [owner, member], AT);
    await votes.cast(inquiryId, vote(owner), { required: 2, rejectEnds: true });

    const db = await suite().reopen();
    const teamsAfter = createLmdbTeamStore(db);
    const votesAfter = createLmdbApprovalVoteStore(db, { ttlSeconds: TTL_SECONDS });
    expect(await teamsAfter.get(team.id)).toEqual(team);
    expect(await teamsAfter.teamIdsOf(member)).toEqual([team.id]);
    const roles = (await teamsAfter.members(team.id)).map(({ userId, role }) => [userId, role]);
    expect(roles).toHaveLength(2);
    expect(roles).toContainEqual([member, "approver"]);
    expect(await votesAfter.sharedWith(member)).toEqual([inquiryId]);
    expect(
      await votesAfter.cast(inquiryId, vote(owner), { required: 2, rejectEnds: true }),
    ).toMatchObject({
      kind: "duplicate",
    });
    const deciding = await votesAfter.cast(inquiryId, vote(member), {
      required: 2,
      rejectEnds: true,
    });
    expect(deciding).toMatchObject({ kind: "recorded", ballot: { decided: "approve" } });
  });
});

describeOnSentinelAndCluster("Redis team stores", ({ name, topology }) => {
  const infra = useTopologyInfra("teams", topology);
  describeTeamContract(name, () => infra().teamStore);
  describeVoteContract(name, () => infra().approvalVotes);
});
