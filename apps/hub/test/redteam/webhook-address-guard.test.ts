import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema, HistoryDetailSchema } from "@inquiry-hub/protocol";
import type { WebhookConfigStore } from "../../src/features/notifications/ports";
import { createMemoryWebhookConfigStore } from "../../src/features/notifications/stores/memory-webhook-config-store";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub } from "../helpers";
import { agentAsks, settle } from "./agent-asks";
import { startTripwire } from "./tripwire";
import type { Tripwire } from "./tripwire";

/**
 * Finding 12: the webhook guard judged IPv6 addresses by their own ranges only, so forms that
 * carry an IPv4 address onward (NAT64, 6to4, IPv4-compatible, Teredo) slipped past it.
 */
describe("red team: webhook URLs that hide an inward IPv4 address in IPv6", () => {
  let hub: TestHub;
  let configs: WebhookConfigStore;
  let tripwire: Tripwire;

  beforeAll(async () => {
    configs = createMemoryWebhookConfigStore();
    hub = await startTestHub(
      { webhookSecret: "red-team-webhook-secret-of-at-least-32-characters" },
      { channelStores: { webhookConfigs: configs } },
    );
    tripwire = await startTripwire();
  });
  afterAll(async () => {
    await hub.close();
    await tripwire.close();
  });

  const hosts = () => [
    "[::ffff:127.0.0.1]",
    "[::127.0.0.1]",
    "[64:ff9b::7f00:1]",
    "[64:ff9b:1::a00:1]",
    "[2002:7f00:1::1]",
    "[2001:0:4136:e378:8000:63bf:80ff:fffe]",
    "[64:ff9b::a9fe:a9fe]",
  ];

  it("finding 12: each form is refused when configured, and nothing is saved or sent", async () => {
    const user = await hub.registerUser("embedded-v4");
    for (const host of hosts()) {
      const url = `http://${host}:${tripwire.port}/hook`;
      const put = await hub.request("/api/channels/webhook", {
        method: "PUT",
        token: user.token,
        body: { url, kind: "generic" },
      });
      expect(put.status, url).toBe(400);
      expect(ApiErrorBodySchema.parse(await put.json()).error.message, url).toMatch(/private/);
    }
    expect((await hub.request("/api/channels/webhook", { token: user.token })).status).toBe(404);
    const question = await agentAsks(hub, user, { prompt: "Anyone?" });
    await question.reject();
    await settle();
    expect(tripwire.connections()).toBe(0);
  });

  it("finding 12: a configuration saved before the fix is refused at delivery, once, unsent", async () => {
    for (const host of hosts()) {
      const user = await hub.registerUser("embedded-v4-saved");
      await configs.put(user.userId, {
        url: `http://${host}:${tripwire.port}/hook`,
        kind: "generic",
        updatedAt: new Date().toISOString(),
      });
      const question = await agentAsks(hub, user, { prompt: `Reach ${host}?` });
      const detail = await waitFor(async () => {
        const body = HistoryDetailSchema.parse(
          await (
            await hub.request(`/api/history/${question.inquiryId}`, { token: user.token })
          ).json(),
        );
        return body.item.failedDeliveries === 1 ? body : undefined;
      });
      expect(detail.deliveries, host).toEqual([
        expect.objectContaining({ attempt: 1, ok: false, final: true }),
      ]);
      expect(detail.deliveries[0]?.error, host).toMatch(/not allowed/);
      await question.reject();
    }
    await settle();
    expect(tripwire.connections()).toBe(0);
  });
});
