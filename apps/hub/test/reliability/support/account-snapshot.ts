import { z } from "zod";
import type { TestHub, TestLogin } from "../../helpers";
import { snapshotOf } from "./state-snapshot";

const TeamIdsSchema = z.array(z.object({ id: z.string() }));

/**
 * Everything a user's account settings route can change, as the user reads it over HTTP:
 * inquiries and devices, settings, teams with their members, and the webhook channel
 * (status and body, 404 when none). Equal snapshots prove a barrage changed nothing.
 */
export async function accountSnapshotOf(node: TestHub, login: TestLogin): Promise<string> {
  const read = async (path: string): Promise<string> => {
    const response = await node.request(path, { token: login.token });
    return `${response.status} ${await response.text()}`;
  };
  const listed = await node.request("/api/teams", { token: login.token });
  const teams = TeamIdsSchema.parse(await listed.json());
  const members = await Promise.all(teams.map((team) => read(`/api/teams/${team.id}`)));
  return JSON.stringify({
    base: await snapshotOf(node, login),
    settings: await read("/api/settings"),
    teams: await read("/api/teams"),
    members,
    webhook: await read("/api/channels/webhook"),
  });
}
