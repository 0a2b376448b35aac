import type { TestHub, TestLogin } from "../../helpers";

/**
 * What a user can see of the hub's state: their inquiries and their devices. Taken before and
 * after a barrage of bad input, equal snapshots prove the input changed nothing.
 */
export async function snapshotOf(node: TestHub, login: TestLogin): Promise<string> {
  const inquiries = await node.hub.inquiries.list(login.userId);
  const devices = (await (await node.request("/api/devices", { token: login.token })).json()) as {
    devices: { id: string; name: string }[];
  };
  return JSON.stringify({
    inquiries: inquiries.map(({ id, status, question }) => ({ id, status, question })),
    devices: devices.devices.map(({ id, name }) => ({ id, name })),
  });
}
