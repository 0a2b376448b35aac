import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryApprovalVoteStore } from "../../src/features/teams/stores/memory-approval-vote-store";
import { createMemoryTeamStore } from "../../src/features/teams/stores/memory-team-store";
import { createLmdbApprovalVoteStore } from "../../src/features/teams/stores/lmdb-approval-vote-store";
import { createLmdbTeamStore } from "../../src/features/teams/stores/lmdb-team-store";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import {
  AT,
  vote,
  describeTeamContract,
  describeVoteContract,
} from "../support/contracts/team-stores";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeTeamContract("memory", createMemoryTeamStore);
describeVoteContract("memory", createMemoryApprovalVoteStore);

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("teams");
  describeTeamContract("redis", () => infra().teamStore);
  describeVoteContract("redis", () => infra().approvalVotes);
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
