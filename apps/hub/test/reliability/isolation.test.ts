import { randomBytes } from "node:crypto";
import { DeviceListResponseSchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestHub, TestLogin } from "../helpers";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets, TestDevice } from "../socket-helpers";
import { answerBySocket, mapLimited } from "./support/answer-attempts";
import { seededRandom } from "./support/seeded-random";
import { startTwoNodes } from "./support/two-nodes";
import type { TwoNodes } from "./support/two-nodes";
import { SIZES, budgetMs, report } from "./scale";

const VICTIM_INQUIRIES = 20;
/** Guessed pairing codes and anonymous reads: a fifth of the cross-user attempts. */
const UNAUTHENTICATED_ATTEMPTS = SIZES.isolationAttempts / 5;

/** One kind of cross-user attempt; resolves true when it got anything it must not. */
type Attack = (target: Inquiry, node: TestHub) => Promise<boolean>;

/**
 * Invariant 3: an attacker holding a valid login of their own tries, at random, every way to
 * read, list, answer or revoke another user's things on either node. None may succeed; the
 * victim's inquiries stay pending and their device stays active. Attempts that need no login
 * at all (guessed pairing codes, anonymous reads) are run and reported apart from them.
 */
describe("isolation between users", () => {
  let nodes: TwoNodes;
  const sockets: DeviceSockets[] = [];
  let victim: TestLogin;
  let attacker: TestLogin;
  let attackerDevices: TestDevice[];
  let attackerMcp: Client[];
  let targets: Inquiry[];

  beforeAll(async () => {
    nodes = await startTwoNodes();
    victim = await nodes.a.registerUser("victim");
    attacker = await nodes.b.registerUser("attacker");
    attackerDevices = await Promise.all(
      [nodes.a, nodes.b].map((node) => {
        const factory = createDeviceSockets(node.url);
        sockets.push(factory);
        return factory.connect({ token: attacker.token });
      }),
    );
    attackerMcp = await Promise.all([
      nodes.a.connectMcp(attacker.token),
      nodes.b.connectMcp(attacker.token),
    ]);
    targets = await Promise.all(
      Array.from({ length: VICTIM_INQUIRIES }, (_, index) =>
        nodes.a.hub.inquiries.create(victim.userId, { question: `secret ${index}` }),
      ),
    );
  });
  afterAll(async () => {
    for (const factory of sockets) factory.closeAll();
    await nodes.close();
  });

  /** Attempts with the attacker's own valid login against the victim's things. */
  const crossUserAttacks: Record<string, Attack> = {
    read: async (target, node) =>
      (await node.request(`/api/inquiries/${target.id}`, { token: attacker.token })).status !== 404,
    list: async (_target, node) => {
      const listed = (await (
        await node.request("/api/inquiries", { token: attacker.token })
      ).json()) as Inquiry[];
      return listed.some((inquiry) => inquiry.userId !== attacker.userId);
    },
    answerHttp: async (target, node) =>
      (
        await node.request(`/api/inquiries/${target.id}/answer`, {
          token: attacker.token,
          body: { response: "hijacked" },
        })
      ).status !== 404,
    answerSocket: async (target, node) => {
      const device = attackerDevices[node === nodes.a ? 0 : 1] as TestDevice;
      const attempt = await answerBySocket(device.socket, target.id, { response: "hijacked" });
      return attempt.ok || attempt.code !== "NOT_FOUND";
    },
    respondMcp: async (target, node) => {
      const client = attackerMcp[node === nodes.a ? 0 : 1] as Client;
      const result = await client.callTool({
        name: "respond_inquiry",
        arguments: { inquiry_id: target.id, response: "hijacked" },
      });
      return result.isError !== true;
    },
    revokeDevice: async (_target, node) =>
      (
        await node.request(`/api/devices/${victim.deviceId}`, {
          method: "DELETE",
          token: attacker.token,
        })
      ).status !== 404,
  };

  /** Attempts without any login: not cross-user, so counted and reported on their own. */
  const unauthenticatedAttacks: Record<string, Attack> = {
    claimGuessedCode: async (_target, node) =>
      (
        await node.request("/api/pairing/claim", {
          body: { code: randomBytes(32).toString("base64url"), deviceName: "thief" },
        })
      ).status !== 404,
    anonymousRead: async (target, node) =>
      (await node.request(`/api/inquiries/${target.id}`)).status !== 401,
  };

  /** Runs `size` attempts drawn from `attacks`; returns the mix and how many succeeded. */
  async function attempt(
    attacks: Record<string, Attack>,
    size: number,
  ): Promise<{ mix: string; successes: number }> {
    const random = seededRandom();
    const kinds = Object.keys(attacks);
    const counts = new Map<string, number>();
    let successes = 0;
    const plan = Array.from({ length: size }, () => ({
      kind: random.pick(kinds),
      target: random.pick(targets),
      node: random.pick([nodes.a, nodes.b]),
    }));
    await mapLimited(plan, 50, async ({ kind, target, node }) => {
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      if (await (attacks[kind] as Attack)(target, node)) successes += 1;
    });
    const mix = [...counts].map(([kind, count]) => `${kind} ${count}`).join(", ");
    return { mix, successes };
  }

  /** The victim's state every attempt must leave as it was. */
  async function expectVictimUntouched(): Promise<void> {
    const pending = await nodes.b.hub.inquiries.list(victim.userId, "pending");
    expect(pending).toHaveLength(VICTIM_INQUIRIES);
    const devices = await nodes.b.request("/api/devices", { token: victim.token });
    expect(devices.status).toBe(200);
  }

  async function victimDeviceCount(): Promise<number> {
    const response = await nodes.a.request("/api/devices", { token: victim.token });
    return DeviceListResponseSchema.parse(await response.json()).devices.length;
  }

  it(
    `${SIZES.isolationAttempts} randomized cross-user attempts succeed 0 times`,
    async () => {
      const { mix, successes } = await attempt(crossUserAttacks, SIZES.isolationAttempts);
      const leaked = attackerDevices.flatMap((device) =>
        [...device.created, ...device.pending].filter((each) => each.userId !== attacker.userId),
      );
      report(
        `isolation ${SIZES.isolationAttempts} cross-user attempts with the attacker's own login ` +
          `(${mix}), ${successes} succeeded, ${leaked.length} foreign events seen`,
      );
      expect(successes).toBe(0);
      expect(leaked).toEqual([]);
      await expectVictimUntouched();
    },
    budgetMs(60_000, 300_000),
  );

  it(
    `${UNAUTHENTICATED_ATTEMPTS} randomized attempts without a login succeed 0 times`,
    async () => {
      const live = await nodes.a.request("/api/pairing", { token: victim.token, body: {} });
      expect(live.status).toBe(201);
      const devicesBefore = await victimDeviceCount();
      const { mix, successes } = await attempt(unauthenticatedAttacks, UNAUTHENTICATED_ATTEMPTS);
      report(
        `isolation ${UNAUTHENTICATED_ATTEMPTS} attempts without a login, not cross-user ` +
          `(${mix}; random codes while one real code was live), ${successes} succeeded`,
      );
      expect(successes).toBe(0);
      expect(await victimDeviceCount()).toBe(devicesBefore);
      await expectVictimUntouched();
    },
    budgetMs(30_000, 120_000),
  );

  it("refuses unauthenticated and forged Socket.IO handshakes in the middleware", async () => {
    const factory = createDeviceSockets(nodes.a.url);
    sockets.push(factory);
    const forged = [
      {},
      { token: "" },
      { token: "x".repeat(64) },
      { ticket: "nope" },
      { token: 42 },
    ];
    const refusals = await Promise.all(forged.map((auth) => factory.refused(auth)));
    for (const refusal of refusals)
      expect(["UNAUTHORIZED", "BAD_REQUEST"]).toContain((refusal.data as { code: string }).code);
    report(`isolation ${forged.length} forged handshakes, ${forged.length} refused`);
  });
});
