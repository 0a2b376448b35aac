import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InquirySchema, RESULT_OPENINGS, UserSettingsSchema } from "@inquiry-hub/protocol";
import type { UserSettings } from "@inquiry-hub/protocol";
import { resultText, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSocket, DeviceSockets, TestDevice } from "../socket-helpers";
import { startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";

function nextSettings(socket: DeviceSocket): Promise<UserSettings> {
  return new Promise((resolve) => socket.once("settings:changed", resolve));
}

describe("YOLO: the person lets the agent decide", () => {
  let hub: TestHub | undefined;
  let harness: ProxyHarness | undefined;
  let devices: DeviceSockets | undefined;
  afterEach(async () => {
    devices?.closeAll();
    await hub?.close();
    await harness?.close();
    hub = harness = devices = undefined;
  });

  async function setup(): Promise<{
    hub: TestHub;
    login: TestLogin;
    phone: TestDevice;
    desk: TestDevice;
  }> {
    const started = await startTestHub({ timeoutGraceSeconds: 0.2 });
    hub = started;
    devices = createDeviceSockets(started.url);
    const login = await started.registerUser("yolo", "Desk");
    const second = await started.login(login.username, "Phone");
    const [desk, phone] = await Promise.all(
      [login, second].map((each) => devices!.connect({ token: each.token })),
    );
    if (!desk || !phone) throw new Error("sockets missing");
    return { hub: started, login, phone, desk };
  }

  const putSettings = (testHub: TestHub, token: string, body: unknown) =>
    testHub.request("/api/settings", { method: "PUT", token, body });

  it("switches on for every device at once, with an expiry, and refuses bad bodies", async () => {
    const { hub: testHub, login, phone, desk } = await setup();
    expect(
      UserSettingsSchema.parse(
        await (await testHub.request("/api/settings", { token: login.token })).json(),
      ),
    ).toEqual({ yolo: { enabled: false } });

    const heard = [nextSettings(phone.socket), nextSettings(desk.socket)];
    const before = Date.now();
    const response = await putSettings(testHub, login.token, {
      yolo: { enabled: true, forSeconds: 3600 },
    });
    expect(response.status).toBe(200);
    const settings = UserSettingsSchema.parse(await response.json());
    expect(Date.parse(settings.yolo.until ?? "") - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(await Promise.all(heard)).toEqual([settings, settings]);

    for (const bad of [
      { yolo: { enabled: "yes" } },
      { yolo: { enabled: true, forSeconds: -1 } },
      { other: 1 },
    ]) {
      expect((await putSettings(testHub, login.token, bad)).status).toBe(400);
    }
    expect(
      UserSettingsSchema.parse(
        await (await testHub.request("/api/settings", { token: login.token })).json(),
      ),
    ).toEqual(settings);
    expect((await testHub.request("/api/settings")).status).toBe(401);
  });

  it("resolves send_inquiry at once as delegated, shows no card, and keeps the record", async () => {
    const { hub: testHub, login, phone } = await setup();
    await putSettings(testHub, login.token, { yolo: { enabled: true } });
    const client = await testHub.connectMcp(login.token);
    const text = resultText(
      await client.callTool({ name: "send_inquiry", arguments: { prompt: "Colour?" } }),
    );
    expect(text.startsWith(RESULT_OPENINGS.delegated)).toBe(true);
    expect(phone.created).toEqual([]);

    const list = InquirySchema.array().parse(
      await (await testHub.request("/api/inquiries", { token: login.token })).json(),
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      question: "Colour?",
      status: "answered",
      resolution: { delegated: true },
    });

    const asking = await testHub.connectMcp(login.token, "?yolo=0&timeout=0.3");
    const asked = resultText(
      await asking.callTool({ name: "send_inquiry", arguments: { prompt: "Sure?" } }),
    );
    expect(phone.created.map((inquiry) => inquiry.question)).toEqual(["Sure?"]);
    expect(asked).not.toContain(RESULT_OPENINGS.delegated);
  });

  it("?yolo=1 on the MCP URL is refused: only the person's setting turns YOLO on, and it expires", async () => {
    const { hub: testHub, login, phone } = await setup();
    await expect(testHub.connectMcp(login.token, "?yolo=1")).rejects.toThrow(
      /only yolo=0 \(always ask\) is accepted/,
    );
    expect(phone.created).toEqual([]);

    await putSettings(testHub, login.token, { yolo: { enabled: true, forSeconds: 0.2 } });
    const during = await testHub.connectMcp(login.token);
    const text = resultText(
      await during.callTool({ name: "send_inquiry", arguments: { prompt: "A?" } }),
    );
    expect(text.startsWith(RESULT_OPENINGS.delegated)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      UserSettingsSchema.parse(
        await (await testHub.request("/api/settings", { token: login.token })).json(),
      ).yolo.enabled,
    ).toBe(false);
    const plain = await testHub.connectMcp(login.token, "?timeout=0.3");
    await plain.callTool({ name: "send_inquiry", arguments: { prompt: "B?" } });
    expect(phone.created.map((inquiry) => inquiry.question)).toEqual(["B?"]);
  });

  it("auto-approves proxied calls, recorded as delegated in the audit", async () => {
    harness = await startProxyHarness({ write_file: true });
    const token = await harness.registerUser();
    const put = await fetch(new URL("/api/settings", harness.hubUrl), {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ yolo: { enabled: true } }),
    });
    expect(put.status).toBe(200);
    const agent = await harness.connectAgent(token);
    const result = await agent.callTool({
      name: "write_file",
      arguments: { path: "yolo.txt", content: "decided" },
    });
    expect(result.isError).not.toBe(true);
    expect(await readFile(path.join(harness.sandboxDir, "yolo.txt"), "utf8")).toBe("decided");
    expect(harness.audit).toHaveLength(1);
    expect(harness.audit[0]).toMatchObject({ verdict: "approved", tool: "write_file" });
    const stored = InquirySchema.parse(
      await (
        await fetch(
          new URL(`/api/inquiries/${harness.audit[0]?.inquiryId ?? ""}`, harness.hubUrl),
          {
            headers: { authorization: `Bearer ${token}` },
          },
        )
      ).json(),
    );
    expect(stored).toMatchObject({
      type: "APPROVAL",
      status: "answered",
      resolution: { response: "approve", delegated: true },
    });
  });
});
