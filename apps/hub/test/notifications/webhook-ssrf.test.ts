import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { createHttpWebhookPoster } from "../../src/features/notifications/adapters/http-webhook-poster";
import { isPublicAddress } from "../../src/platform/outbound-http/public-address-guard";
import {
  pushEndpointProblem,
  webhookUrlProblem,
} from "../../src/platform/outbound-http/url-problems";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

describe("webhook address guard", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "fd00::1",
    "fe80::1",
    "192.0.2.1",
    "2001:db8::1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::808:808",
    "2002:7f00:1::",
    "2002:a00:1::1",
    "::127.0.0.1",
    "::10.0.0.1",
    "::ffff:0:127.0.0.1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",
    "2001:0:7f00:1::f7f7:f7f7",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2001:0:808:808::f7f7:f7f7",
  ])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("refuses names and literals that reach the local machine", async () => {
    for (const url of [
      "http://localhost:1/x",
      "http://[::1]/x",
      "http://0.0.0.0/x",
      "http://[64:ff9b::7f00:1]/x",
    ])
      expect(await webhookUrlProblem(url)).toMatch(/private/);
    expect(await webhookUrlProblem("https://8.8.8.8/hook")).toBeUndefined();
  });

  it("wants push endpoints https and public", async () => {
    expect(await pushEndpointProblem("http://8.8.8.8/push")).toMatch(/https/);
    expect(await pushEndpointProblem("https://localhost:1/push")).toMatch(/private/);
    expect(await pushEndpointProblem("https://[2002:7f00:1::]/push")).toMatch(/private/);
    expect(await pushEndpointProblem("https://8.8.8.8/push")).toBeUndefined();
  });
});

describe("webhooks without HUB_WEBHOOK_ALLOW_PRIVATE", () => {
  let hub: TestHub;
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    hub = await startTestHub();
    receiver = await startLoopbackReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await hub.close();
  });

  it("refuses to configure a loopback receiver", async () => {
    const user = await hub.registerUser("ssrf");
    for (const host of [receiver.url.host, `localhost:${receiver.url.port}`]) {
      const put = await hub.request("/api/channels/webhook", {
        method: "PUT",
        token: user.token,
        body: { url: `http://${host}/hook`, kind: "generic" },
      });
      expect(put.status).toBe(400);
    }
    expect((await hub.request("/api/channels/webhook", { token: user.token })).status).toBe(404);
  });

  it("refuses at delivery time, once, without reaching the receiver", async () => {
    const poster = createHttpWebhookPoster({ allowPrivate: false });
    for (const host of [receiver.url.host, `localhost:${receiver.url.port}`])
      expect(await poster.post(`http://${host}/hook`, { text: "hi" })).toMatchObject({
        ok: false,
        permanent: true,
      });
    expect(receiver.received).toHaveLength(0);
    const allowed = createHttpWebhookPoster({ allowPrivate: true });
    expect(await allowed.post(new URL("/hook", receiver.url).toString(), {})).toEqual({
      ok: true,
      httpStatus: 201,
    });
  });
});
