import { AuthResponseSchema, TeamInvitationSchema, TeamSchema } from "@inquiry-hub/protocol";
import type { Team, TeamRole } from "@inquiry-hub/protocol";
import type { HubConfig, HubOverrides } from "../../src/index";
import { createMemoryTeamStore } from "../../src/features/teams/stores/memory-team-store";
import { createMemoryUserStore } from "../../src/features/accounts/stores/memory-user-store";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { startProxyHarness } from "./proxy-harness";
import type { ProxyHarness } from "./proxy-harness";

const PASSWORD = "correct horse battery";

/** An account made before the restart; log in again on the proxy hub with `signIn`. */
export interface TeamAccount {
  username: string;
  userId: string;
}

/** What a test does on the first hub: accounts and teams over the real HTTP API. */
export interface TeamSetup {
  hub: TestHub;
  register(prefix: string): Promise<TeamAccount & { token: string }>;
  /** `POST /api/teams`; the id in the answer is what a proxy policy names. */
  createTeam(owner: { token: string }, name: string): Promise<Team>;
  /** An owner's one-time invitation, claimed by `member`. */
  join(
    owner: { token: string },
    teamId: string,
    member: { token: string },
    role: TeamRole,
  ): Promise<void>;
}

async function json(response: Response, status: number): Promise<unknown> {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * The operator's flow for team approvals: people and teams are made on a running hub, the
 * operator reads the team ids (GET /api/teams), writes them into the proxy config and
 * restarts. Here the restart is a second hub (the proxy harness) on the same account and
 * team stores, as Redis would keep them. `prepare` runs on the first hub and returns the
 * tool policies (naming team ids) plus whatever the test wants to keep.
 */
export async function startAfterTeamSetup<State>(
  prepare: (setup: TeamSetup) => Promise<{ tools: Record<string, unknown>; state: State }>,
  overrides: Partial<HubConfig> = {},
  deps: HubOverrides = {},
): Promise<{ harness: ProxyHarness; state: State }> {
  const kept: HubOverrides = {
    userStore: createMemoryUserStore(),
    teamStore: createMemoryTeamStore(),
  };
  const hub = await startTestHub({}, kept);
  const setup: TeamSetup = {
    hub,
    async register(prefix) {
      const login = await hub.registerUser(prefix);
      return { username: login.username, userId: login.userId, token: login.token };
    },
    async createTeam(owner, name) {
      const response = await hub.request("/api/teams", { token: owner.token, body: { name } });
      return TeamSchema.parse(await json(response, 201));
    },
    async join(owner, teamId, member, role) {
      const invited = await hub.request(`/api/teams/${teamId}/invitations`, {
        token: owner.token,
        body: { role },
      });
      const { code } = TeamInvitationSchema.parse(await json(invited, 201));
      const claimed = await hub.request("/api/teams/invitations/claim", {
        token: member.token,
        body: { code },
      });
      await json(claimed, 200);
    },
  };
  const prepared = await prepare(setup).finally(() => hub.close());
  return {
    harness: await startProxyHarness(prepared.tools, overrides, { ...kept, ...deps }),
    state: prepared.state,
  };
}

/** Logs an account in on the proxy hub: a new device and its bearer token. */
export async function signIn(harness: ProxyHarness, account: TeamAccount): Promise<string> {
  const response = await fetch(new URL("/api/auth/login", harness.hubUrl), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: account.username, password: PASSWORD }),
  });
  return AuthResponseSchema.parse(await json(response, 200)).token;
}
