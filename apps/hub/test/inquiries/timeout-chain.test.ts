import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { InquirySchema, RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { createProgressRecorder, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import { hubBundle } from "../support/hub-bundle";

/**
 * Runs the hub's real entry point with `env` and resolves with its exit code and its log: the
 * JSON lines it wrote to stdout (a refused configuration is logged there like every other line).
 */
async function runHubMain(
  env: Record<string, string>,
): Promise<{ code: number | null; log: string }> {
  const child = spawn(process.execPath, [await hubBundle()], {
    env: { ...process.env, HUB_PORT: "0", REDIS_URL: "", HUB_STORE: "memory", ...env },
    stdio: "pipe",
  });
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, log })));
}

describe("timeout chain", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  it("a hub whose backstop does not come after the client deadline refuses to start", async () => {
    const { code, log } = await runHubMain({
      HUB_INQUIRY_TIMEOUT_SECONDS: "60",
      HUB_TIMEOUT_GRACE_SECONDS: "0",
    });
    expect(code).not.toBe(0);
    expect(log).toContain('"msg":"invalid configuration"');
    expect(log).toContain("HUB_TIMEOUT_GRACE_SECONDS must be above 0");
    expect(log).toContain("HUB_INQUIRY_TIMEOUT_SECONDS = 60 s");
  }, 20_000);

  it("keeps a 30-minute inquiry alive through heartbeats under a 1 s MCP timeout", async () => {
    hub = await startTestHub({ heartbeatSeconds: 0.2 });
    const { token } = await hub.registerUser();
    const client = await hub.connectMcp(token, "?timeout=1800");
    const progress = createProgressRecorder();
    const call = client.callTool(
      { name: "send_inquiry", arguments: { prompt: "Long one?" } },
      undefined,
      {
        onprogress: progress.onprogress,
        timeout: 1_000,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: 60_000,
      },
    );
    const { inquiryId } = await progress.next("INQUIRY");
    const stored = InquirySchema.parse(
      await (await hub.request(`/api/inquiries/${inquiryId}`, { token })).json(),
    );
    expect(Date.parse(stored.expiresAt) - Date.parse(stored.createdAt)).toBe(30 * 60 * 1000);

    // Eight heartbeats 0.2 s apart outlast the client's 1 s timeout, which only they reset.
    await expect
      .poll(() => progress.metas.filter((meta) => meta.type === "INQUIRY_HEARTBEAT").length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(8);

    const answered = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token,
      body: { response: "still here" },
    });
    expect(answered.status).toBe(200);
    expect(resultText(await call)).toBe("still here");
  }, 20_000);

  it("two devices reaching zero together yield exactly one timeout; the second gets 409", async () => {
    hub = await startTestHub();
    const { devices } = hub;
    const desk = await hub.registerUser("tick", "Desk");
    const phone = await hub.login(desk.username, "Phone");
    const [first, second] = await Promise.all(
      [desk, phone].map((login) => devices.connect({ token: login.token })),
    );
    if (!first || !second) throw new Error("sockets missing");
    const client = await hub.connectMcp(desk.token, "?timeout=0.5");
    const arrived = nextEvent(first.socket, "inquiry:new");
    const call = client.callTool({ name: "send_inquiry", arguments: { prompt: "Quick?" } });
    const { id: inquiryId } = await arrived;
    const withdrawn = [first, second].map((device) =>
      nextEvent(device.socket, "inquiry:withdrawn", (event) => event.inquiryId === inquiryId),
    );

    const acks = await Promise.all(
      [first, second].map((device) => answerOver(device.socket, { inquiryId, action: "timeout" })),
    );
    expect(acks.filter((ack) => "data" in ack)).toHaveLength(1);
    expect(acks.filter((ack) => "error" in ack && ack.error.code === "CONFLICT")).toHaveLength(1);
    for (const event of await Promise.all(withdrawn)) expect(event.status).toBe("timeout");
    expect(resultText(await call).startsWith(RESULT_OPENINGS.timeout)).toBe(true);

    const late = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token: phone.token,
      body: { action: "timeout" },
    });
    expect(late.status).toBe(409);
    const stored = InquirySchema.parse(
      await (await hub.request(`/api/inquiries/${inquiryId}`, { token: desk.token })).json(),
    );
    expect(stored.status).toBe("timeout");
  });
});
