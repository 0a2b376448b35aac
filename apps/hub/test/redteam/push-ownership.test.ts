import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema, PushMessageSchema } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { FakeBrowserKeys, LoopbackReceiver } from "@inquiry-hub/test-kit";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { agentAsks, settle } from "./agent-asks";
import { REDTEAM_SIZES } from "./scale";

/**
 * Finding 11: subscriptions were keyed by endpoint alone, so another user posting a victim's
 * endpoint moved it to their device (the victim's notifications stopped, and the attacker's
 * questions went to the victim's browser), and could unsubscribe it.
 */
describe("red team: taking over another user's push subscription", () => {
  let hub: TestHub;
  let pushService: LoopbackReceiver;
  let endpointCount = 0;

  beforeAll(async () => {
    // The push service is a plain-http receiver on loopback, reachable only when allowed.
    hub = await startTestHub({ pushAllowPrivate: true });
    pushService = await startLoopbackReceiver();
  });
  afterAll(async () => {
    await pushService.close();
    await hub.close();
  });
  afterEach(() => {
    pushService.received.length = 0;
  });

  function freshEndpoint(): string {
    endpointCount += 1;
    return new URL(`/push/${endpointCount}`, pushService.url).toString();
  }

  function subscribe(login: TestLogin, endpoint: string, browser: FakeBrowserKeys) {
    return hub.request("/api/push/subscriptions", {
      token: login.token,
      body: { endpoint, keys: browser.keys },
    });
  }

  it("finding 11: another user posting the victim's endpoint is refused, cannot unsubscribe it, and the victim keeps getting pushes", async () => {
    const victim = await hub.registerUser("push-victim", "Phone");
    const attacker = await hub.registerUser("push-thief", "Laptop");
    const endpoint = freshEndpoint();
    const victimBrowser = createFakeBrowserKeys();
    expect((await subscribe(victim, endpoint, victimBrowser)).status).toBe(201);

    const stolen = await subscribe(attacker, endpoint, createFakeBrowserKeys());
    expect(stolen.status).toBe(409);
    expect(ApiErrorBodySchema.parse(await stolen.json()).error.code).toBe("CONFLICT");
    const removal = await hub.request("/api/push/subscriptions", {
      method: "DELETE",
      token: attacker.token,
      body: { endpoint },
    });
    expect(removal.status).toBe(404);

    const attackersQuestion = await agentAsks(hub, attacker, { prompt: "Mine?" });
    await settle();
    expect(pushService.received).toEqual([]);
    await attackersQuestion.reject();

    const victimsQuestion = await agentAsks(hub, victim, { prompt: "Still yours?" });
    const [pushed] = await pushService.waitForCount(1);
    const message = PushMessageSchema.parse(
      JSON.parse(victimBrowser.decrypt(pushed?.body ?? Buffer.alloc(0))),
    );
    expect(message).toMatchObject({
      type: "inquiry:new",
      inquiry: { id: victimsQuestion.inquiryId, question: "Still yours?" },
    });
    await victimsQuestion.reject();
  });

  it("finding 11: racing the owner for a fresh endpoint, exactly one user gets it", async () => {
    const owner = await hub.registerUser("push-racer", "Phone");
    const rival = await hub.registerUser("push-rival", "Laptop");
    for (let round = 0; round < REDTEAM_SIZES.repeats; round += 1) {
      const endpoint = freshEndpoint();
      const statuses = await Promise.all(
        [owner, rival].map(async (login) => ({
          login,
          status: (await subscribe(login, endpoint, createFakeBrowserKeys())).status,
        })),
      );
      expect(statuses.map((each) => each.status).sort()).toEqual([201, 409]);
      const loser = statuses.find((each) => each.status === 409)?.login;
      const winner = statuses.find((each) => each.status === 201)?.login;
      if (loser === undefined || winner === undefined) throw new Error("unreachable");
      const del = (login: TestLogin) =>
        hub.request("/api/push/subscriptions", {
          method: "DELETE",
          token: login.token,
          body: { endpoint },
        });
      expect((await del(loser)).status).toBe(404);
      expect((await del(winner)).status).toBe(204);
    }
  });
});
