import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InquirySchema, RESULT_OPENINGS, WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUntilOpened, resultText, startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { startDemoUpstream } from "../support/proxy-harness";
import type { DemoUpstream } from "../support/proxy-harness";
import { scrape, startLoopbackReceiver, valueOf } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver, Sample } from "@inquiry-hub/test-kit";

const METRICS_TOKEN = randomBytes(24).toString("hex");
const SEND_INQUIRY = { name: "send_inquiry" } as const;

/**
 * A scripted run against one real hub (MCP SDK clients, the approval proxy in front of real
 * demo-tools, socket.io-client devices), then a scrape of `/metrics` that must show exactly
 * what the run did. Every figure below is counted from the script, not read back from the hub.
 */
describe("/metrics after a scripted run", () => {
  let testHub: TestHub;
  let upstream: DemoUpstream;
  let webhookReceiver: LoopbackReceiver;
  let proxyClient: Client | undefined;

  beforeAll(async () => {
    upstream = await startDemoUpstream({ write_file: true });
    webhookReceiver = await startLoopbackReceiver();
    testHub = await startTestHub(
      {
        proxy: upstream.proxy,
        metrics: { kind: "main-port", token: METRICS_TOKEN },
        timeoutGraceSeconds: 0,
        webhookAllowPrivate: true,
      },
      { approvalAudit: () => undefined },
    );
  });

  afterAll(async () => {
    await proxyClient?.close();
    await testHub.close();
    await upstream.close();
    await webhookReceiver.close();
  });

  const read = (): Promise<Sample[]> => scrape(testHub.url, METRICS_TOKEN);

  async function connectProxy(token: string): Promise<Client> {
    const client = new Client({ name: "metrics-test-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", testHub.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  }

  async function statusOf(login: TestLogin, inquiryId: string): Promise<string> {
    const response = await testHub.request(`/api/inquiries/${inquiryId}`, { token: login.token });
    return InquirySchema.parse(await response.json()).status;
  }

  it("counts resolutions, the conflict, deliveries, pending, devices and refused credentials", async () => {
    const phoneLogin = await testHub.registerUser("metrics", "Phone");
    const laptopLogin = await testHub.login(phoneLogin.username, "Laptop");
    const agent = await testHub.login(phoneLogin.username, "Agent");
    const away = await testHub.registerUser("away");
    const [phone, laptop]: TestDevice[] = await Promise.all(
      [phoneLogin, laptopLogin].map((login) => testHub.devices.connect({ token: login.token })),
    );
    if (phone === undefined || laptop === undefined) throw new Error("devices missing");

    const before = await read();
    expect(valueOf(before, "inquiry_hub_connected_devices")).toBe(2);
    expect(valueOf(before, "inquiry_hub_pending_inquiries", { type: "INQUIRY" })).toBe(0);
    expect(valueOf(before, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);

    const mcp = await testHub.connectMcp(agent.token);
    const questions = await Promise.all(
      ["Which city?", "Which day?", "Deploy now?"].map((prompt) =>
        callUntilOpened(mcp, { ...SEND_INQUIRY, arguments: { prompt } }, "INQUIRY"),
      ),
    );
    proxyClient = await connectProxy(agent.token);
    const approval = await callUntilOpened(
      proxyClient,
      { name: "write_file", arguments: { path: "notes/metrics.txt", content: "counted" } },
      "APPROVAL",
      { resetTimeoutOnProgress: true },
    );
    await waitFor(() => Promise.resolve(laptop.created.length === 4 ? true : undefined));
    const open = await read();
    expect(valueOf(open, "inquiry_hub_pending_inquiries", { type: "INQUIRY" })).toBe(3);
    expect(valueOf(open, "inquiry_hub_pending_inquiries", { type: "APPROVAL" })).toBe(1);

    const [first, raced, declined] = questions;
    if (first === undefined || raced === undefined || declined === undefined)
      throw new Error("calls missing");
    const answered = await answerOver(phone.socket, {
      inquiryId: first.inquiryId,
      response: "Rome",
    });
    expect("data" in answered).toBe(true);
    const race = await Promise.all(
      [phone, laptop].map((device, index) =>
        answerOver(device.socket, { inquiryId: raced.inquiryId, response: `device ${index}` }),
      ),
    );
    expect(race.filter((ack) => "data" in ack)).toHaveLength(1);
    expect(race.filter((ack) => "error" in ack && ack.error.code === "CONFLICT")).toHaveLength(1);
    const rejected = await answerOver(laptop.socket, {
      inquiryId: declined.inquiryId,
      action: "reject",
    });
    expect("data" in rejected).toBe(true);
    const approved = await testHub.request(`/api/inquiries/${approval.inquiryId}/answer`, {
      token: phoneLogin.token,
      body: { action: "approve" },
    });
    expect(approved.status).toBe(200);
    expect(resultText(await first.call)).toBe("Rome");
    expect(resultText(await declined.call).startsWith(RESULT_OPENINGS.rejected)).toBe(true);
    await Promise.all([raced.call, approval.call]);

    const impatient = await testHub.connectMcp(agent.token, "?timeout=0.3");
    const timedOut = await impatient.callTool({ ...SEND_INQUIRY, arguments: { prompt: "Quick?" } });
    expect(resultText(timedOut).startsWith(RESULT_OPENINGS.timeout)).toBe(true);

    const abort = new AbortController();
    const abandoned = await callUntilOpened(
      mcp,
      { ...SEND_INQUIRY, arguments: { prompt: "Still there?" } },
      "INQUIRY",
      { signal: abort.signal },
    );
    abort.abort(WITHDRAW_REASON);
    await expect(abandoned.call).rejects.toThrow();
    await waitFor(async () =>
      (await statusOf(agent, abandoned.inquiryId)) === "cancelled" ? true : undefined,
    );

    const hooked = await testHub.request("/api/channels/webhook", {
      method: "PUT",
      token: away.token,
      body: { url: new URL("/hook", webhookReceiver.url).toString(), kind: "generic" },
    });
    expect(hooked.status).toBe(200);
    const awayMcp = await testHub.connectMcp(away.token);
    const unseen = await callUntilOpened(
      awayMcp,
      { ...SEND_INQUIRY, arguments: { prompt: "Nobody online?" } },
      "INQUIRY",
    );
    await webhookReceiver.waitForCount(1);
    const answeredLater = await testHub.request(`/api/inquiries/${unseen.inquiryId}/answer`, {
      token: away.token,
      body: { response: "later" },
    });
    expect(answeredLater.status).toBe(200);
    await unseen.call;

    const stranger = await testHub.request("/api/inquiries", { token: "not-a-credential" });
    expect(stranger.status).toBe(401);
    await testHub.devices.refused({ token: "also-not-a-credential" });

    const webhookDeliveries = { channel: "webhook" };
    // Counted once the receiver's reply is in, a moment after the receiver saw the POST.
    await expect
      .poll(async () =>
        valueOf(await read(), "inquiry_hub_first_delivery_seconds_count", webhookDeliveries),
      )
      .toBe(1);
    const after = await read();
    const resolutions = { answered: 4, rejected: 1, timeout: 1, cancelled: 1 };
    for (const [outcome, count] of Object.entries(resolutions)) {
      expect(valueOf(after, "inquiry_hub_resolutions_total", { outcome })).toBe(count);
      expect(valueOf(after, "inquiry_hub_resolution_seconds_count", { outcome })).toBe(count);
    }
    expect(valueOf(after, "inquiry_hub_answer_conflicts_total")).toBe(1);
    expect(valueOf(after, "inquiry_hub_pending_inquiries", { type: "INQUIRY" })).toBe(0);
    expect(valueOf(after, "inquiry_hub_pending_inquiries", { type: "APPROVAL" })).toBe(0);
    const socketDeliveries = { channel: "socket" };
    expect(valueOf(after, "inquiry_hub_first_delivery_seconds_count", socketDeliveries)).toBe(6);
    expect(valueOf(after, "inquiry_hub_first_delivery_seconds_count", { channel: "push" })).toBe(0);
    expect(
      valueOf(after, "inquiry_hub_first_delivery_seconds_bucket", { ...socketDeliveries, le: "1" }),
    ).toBe(6);
    expect(valueOf(after, "inquiry_hub_rejected_credentials_total")).toBe(2);
    expect(valueOf(after, "inquiry_hub_connected_devices")).toBe(2);

    phone.socket.disconnect();
    await waitFor(async () =>
      valueOf(await read(), "inquiry_hub_connected_devices") === 1 ? true : undefined,
    );
  });
});
