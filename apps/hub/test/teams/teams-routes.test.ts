import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TeamInvitationSchema, TeamSchema } from "@inquiry-hub/protocol";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

describe("teams over HTTP: roles, one-time invitations, bad input", () => {
  let hub: TestHub;
  let owner: TestLogin;
  let other: TestLogin;
  beforeAll(async () => {
    hub = await startTestHub();
    owner = await hub.registerUser("owner");
    other = await hub.registerUser("other");
  });
  afterAll(() => hub.close());

  async function createTeam(name: string) {
    const response = await hub.request("/api/teams", { token: owner.token, body: { name } });
    expect(response.status).toBe(201);
    return TeamSchema.parse(await response.json());
  }

  async function invite(teamId: string, role: string, token = owner.token) {
    return hub.request(`/api/teams/${teamId}/invitations`, { token, body: { role } });
  }

  it("makes the creator owner, lets names repeat (labels) and refuses bad bodies", async () => {
    const team = await createTeam(`Ops ${Date.now()}`);
    expect(team.members).toEqual([
      expect.objectContaining({ userId: owner.userId, username: owner.username, role: "owner" }),
    ]);
    for (const body of [{}, { name: "" }, { name: "x", extra: 1 }]) {
      expect((await hub.request("/api/teams", { token: other.token, body })).status).toBe(400);
    }
    expect(await (await hub.request("/api/teams", { token: other.token })).json()).toEqual([]);
    const namesake = await hub.request("/api/teams", {
      token: other.token,
      body: { name: team.name.toUpperCase() },
    });
    expect(namesake.status).toBe(201);
    expect(TeamSchema.parse(await namesake.json()).id).not.toBe(team.id);
    expect((await hub.request("/api/teams", { body: { name: "anon" } })).status).toBe(401);
  });

  it("joins by a single-use code with its role; only owners invite and manage", async () => {
    const team = await createTeam(`Dba ${Date.now()}`);
    expect((await invite(team.id, "superuser")).status).toBe(400);
    expect((await invite(team.id, "approver", other.token)).status).toBe(404);
    const { code } = TeamInvitationSchema.parse(await (await invite(team.id, "approver")).json());
    const claim = () =>
      hub.request("/api/teams/invitations/claim", { token: other.token, body: { code } });
    expect((await claim()).status).toBe(200);
    expect((await claim()).status).toBe(404);
    const seen = TeamSchema.parse(
      await (await hub.request(`/api/teams/${team.id}`, { token: other.token })).json(),
    );
    expect(seen.members.map((member) => member.role)).toEqual(["owner", "approver"]);

    expect((await invite(team.id, "viewer", other.token)).status).toBe(403);
    const patch = (userId: string, body: unknown, token = owner.token) =>
      hub.request(`/api/teams/${team.id}/members/${userId}`, { method: "PATCH", token, body });
    expect((await patch(other.userId, { role: "viewer" }, other.token)).status).toBe(403);
    expect((await patch(other.userId, { role: "boss" })).status).toBe(400);
    expect((await patch(owner.userId, { role: "viewer" })).status).toBe(409);
    expect((await patch(other.userId, { role: "viewer" })).status).toBe(200);
    const removed = await hub.request(`/api/teams/${team.id}/members/${other.userId}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(TeamSchema.parse(await removed.json()).members).toHaveLength(1);
    expect((await hub.request(`/api/teams/${team.id}`, { token: other.token })).status).toBe(404);
  });
});

describe("team keys of the proxy policy", () => {
  const DBA = "6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6c4a31";
  const ONCALL = "0b7e4d2c-8a1f-4e3b-b5c6-9d2a1f7e3c80";
  const withPolicy = (policy: unknown) => ({
    upstreams: { demo: { url: "http://127.0.0.1:4200/mcp", tools: { execute_sql: policy } } },
  });

  it("normalizes a team rule, naming teams by id, with its defaults", () => {
    const config = parseProxyConfig(
      withPolicy({ approvers: { team_id: DBA }, approvals_required: 2 }),
    );
    expect(config.upstreams.demo?.tools.execute_sql).toMatchObject({
      team: {
        approvers: { teamId: DBA, role: "approver" },
        required: 2,
        rejectEnds: true,
        selfApproval: false,
        escalateTo: [],
      },
    });
  });

  it.each([
    [{ approvals_required: 2 }, "approvals_required"],
    [{ approvers: { team_id: DBA, role: "viewer" } }, "role"],
    [{ approvers: { team_id: DBA }, approvals_required: 0 }, "approvals_required"],
    [{ approvers: { team_id: "dba" } }, "approvers.team_id: must be a team id"],
    [{ approvers: { team: "dba" } }, "use team_id (the id GET /api/teams shows), not team"],
    [
      { approvers: { team_id: DBA }, escalate_to: [{ team: "oncall", after_seconds: 1 }] },
      "escalate_to.0: teams are named by id",
    ],
    [
      {
        approvers: { team_id: DBA },
        timeout_seconds: 5,
        escalate_to: [{ team_id: ONCALL, after_seconds: 9 }],
      },
      "after_seconds",
    ],
  ])("refuses %j naming the key", (policy, key) => {
    expect(() => parseProxyConfig(withPolicy(policy))).toThrow(key);
  });
});
