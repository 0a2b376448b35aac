import { PushMessageSchema } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys } from "@inquiry-hub/test-kit";
import type { FakeBrowserKeys, LoopbackReceiver } from "@inquiry-hub/test-kit";
import { expect } from "vitest";
import { z } from "zod";
import type { HubConfig } from "../../src/index";
import { wallClock } from "../../src/features/digest/zoned-day";
import type { TestHub, TestLogin } from "../helpers";

/** A day on from now: the digest's clock in these tests, so "yesterday" is today. */
export const dayOn = () => Date.now() + 24 * 60 * 60 * 1000;

/** A hub that ticks often and may reach a loopback push service and webhook. */
export const DIGEST_POST_CONFIG: Partial<HubConfig> = {
  digestTickSeconds: 0.05,
  pushAllowPrivate: true,
  webhookAllowPrivate: true,
  webhookRetryBaseSeconds: 0.01,
  webPublicUrl: "https://hub.example.test",
};

/** A person whose phone is subscribed at `/push/<name>` and whose Slack hook is `/hook/<name>`. */
export interface DigestReader {
  login: TestLogin;
  browser: FakeBrowserKeys;
  name: string;
}

/** Registers `name` on `hub` with a push subscription and a Slack webhook on `receiver`. */
export async function registerReader(
  hub: TestHub,
  receiver: LoopbackReceiver,
  name: string,
): Promise<DigestReader> {
  const login = await hub.registerUser(name, "Phone");
  const browser = createFakeBrowserKeys();
  const subscribed = await hub.request("/api/push/subscriptions", {
    token: login.token,
    body: { endpoint: new URL(`/push/${name}`, receiver.url).toString(), keys: browser.keys },
  });
  expect(subscribed.status).toBe(201);
  const hooked = await hub.request("/api/channels/webhook", {
    method: "PUT",
    token: login.token,
    body: { url: new URL(`/hook/${name}`, receiver.url).toString(), kind: "slack" },
  });
  expect(hooked.status).toBe(200);
  return { login, browser, name };
}

/** Turns the reader's daily digest on (at the digest clock's hour in UTC) or off. */
export async function setDigest(hub: TestHub, reader: DigestReader, daily: boolean) {
  const hour = wallClock(dayOn(), "UTC").hour;
  const saved = await hub.request("/api/settings", {
    method: "PUT",
    token: reader.login.token,
    body: { digest: { daily, hour, timeZone: "UTC" } },
  });
  expect(saved.status).toBe(200);
}

/** The digest pushes and webhook posts the reader got so far. */
export function digestPostsOf(receiver: LoopbackReceiver, reader: DigestReader) {
  const pushes = receiver.received
    .filter((request) => request.path === `/push/${reader.name}`)
    .map((request) => PushMessageSchema.parse(JSON.parse(reader.browser.decrypt(request.body))))
    .filter((message) => message.type === "digest:daily");
  const posts = receiver.received
    .filter((request) => request.path === `/hook/${reader.name}`)
    .map((request) => z.object({ text: z.string() }).parse(JSON.parse(request.body.toString())))
    .filter((body) => body.text.startsWith("Yesterday"));
  return { pushes, posts };
}

/** Waits `ms`: long enough for many ticks, to show that none of them posts again. */
export const ticks = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
