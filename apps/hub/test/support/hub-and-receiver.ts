import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { FakeBrowserKeys, LoopbackReceiver } from "@inquiry-hub/test-kit";
import { afterEach, expect } from "vitest";
import type { HubConfig } from "../../src/index";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { useForSuite } from "./suite-resource";

/** A hub and the loopback receiver standing in for the push service or webhook it posts to. */
export interface HubAndReceiver {
  readonly hub: TestHub;
  readonly receiver: LoopbackReceiver;
}

/**
 * Gives the enclosing `describe` a hub started with `config` and a loopback receiver: both
 * started in its beforeAll, closed in its afterAll, and what the receiver got emptied after
 * each test, so each test counts only its own deliveries. Read `hub` and `receiver` inside
 * its tests; before the start they throw. The config must allow private addresses
 * (`pushAllowPrivate`, `webhookAllowPrivate`) for the hub to reach a loopback receiver.
 */
export function useHubAndReceiver(config: Partial<HubConfig>): HubAndReceiver {
  const started = useForSuite(
    "useHubAndReceiver",
    async () => ({ hub: await startTestHub(config), receiver: await startLoopbackReceiver() }),
    async ({ hub, receiver }) => {
      await receiver.close();
      await hub.close();
    },
  );
  afterEach(() => {
    started().receiver.received.length = 0;
  });
  return {
    get hub() {
      return started().hub;
    },
    get receiver() {
      return started().receiver;
    },
  };
}

/** Subscribes `login`'s device to Web Push at `path` on the receiver; returns its browser keys. */
export async function subscribeToReceiver(
  { hub, receiver }: HubAndReceiver,
  login: TestLogin,
  path: string,
): Promise<FakeBrowserKeys> {
  const browser = createFakeBrowserKeys();
  const response = await hub.request("/api/push/subscriptions", {
    token: login.token,
    body: { endpoint: new URL(path, receiver.url).toString(), keys: browser.keys },
  });
  expect(response.status).toBe(201);
  return browser;
}

/**
 * Registers a user (`prefix` plus a random suffix) whose first device, "Phone", is subscribed
 * to Web Push at /push/phone on the receiver; returns the login and the phone's browser keys.
 */
export async function registerPushedPhone(
  setup: HubAndReceiver,
  prefix: string,
): Promise<{ phone: TestLogin; browser: FakeBrowserKeys }> {
  const phone = await setup.hub.registerUser(prefix, "Phone");
  return { phone, browser: await subscribeToReceiver(setup, phone, "/push/phone") };
}
