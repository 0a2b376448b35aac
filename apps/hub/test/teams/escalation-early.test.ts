import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { resultText } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { gatedCall } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { signIn, startAfterTeamSetup } from "../support/team-restart";
import { jsonRequest } from "../support/raw-requests";

/** write_file goes to OPS, then ONCALL after 6 s and BACKUP after 8 s, of 10 s to decide. */
function toolsFor(opsId: string, oncallId: string, backupId: string) {
  return {
    write_file: {
      approvers: { team_id: opsId },
      escalate_to: [
        { team_id: oncallId, after_seconds: 6 },
        { team_id: backupId, after_seconds: 8 },
      ],
      timeout_seconds: 10,
    },
  };
}

/** `HH:MM` in UTC, `minutes` from now. */
const utcTime = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("early escalation by the asker's plan and quiet hours", () => {
  let harness: ProxyHarness;
  let agent: Client;
  let askerToken: string;
  let ops: TestDevice;
  let oncall: TestDevice;
  let backup: TestDevice;
  let opsToken: string;
  let oncallToken: string;

  beforeAll(async () => {
    const started = await startAfterTeamSetup(async (setup) => {
      const [asker, b, e, g] = await Promise.all(
        ["asker", "ops", "oncall", "backup"].map((name) => setup.register(name)),
      );
      if (!asker || !b || !e || !g) throw new Error("four accounts expected");
      const opsTeam = await setup.createTeam(b, `ops-${randomUUID().slice(0, 8)}`);
      const oncallTeam = await setup.createTeam(e, `oncall-${randomUUID().slice(0, 8)}`);
      const backupTeam = await setup.createTeam(g, `backup-${randomUUID().slice(0, 8)}`);
      return {
        tools: toolsFor(opsTeam.id, oncallTeam.id, backupTeam.id),
        state: { asker, b, e, g },
      };
    });
    harness = started.harness;
    const { asker, b, e, g } = started.state;
    askerToken = await signIn(harness, asker);
    opsToken = await signIn(harness, b);
    oncallToken = await signIn(harness, e);
    ops = await harness.devices.connect({ token: opsToken });
    oncall = await harness.devices.connect({ token: oncallToken });
    backup = await harness.devices.connect({ token: await signIn(harness, g) });
    agent = await harness.connectAgent(askerToken);
  });

  afterAll(() => harness.close());

  /** The asker's reach settings, replaced whole for each case. */
  async function askerSettings(body: Record<string, unknown>): Promise<void> {
    const put = await jsonRequest(new URL("/api/settings", harness.hubUrl), askerToken, "PUT", {
      routing: null,
      quietHours: null,
      ...body,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }

  /** Opens a gated write_file; `offered(device)` resolves with ms from opening to its card. */
  async function ask() {
    const opened = Date.now();
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: `early-${randomUUID()}.txt`,
      content: "x",
    });
    const offered = async (device: TestDevice) => {
      await nextEvent(device.socket, "inquiry:new", (each) => each.id === inquiryId);
      return Date.now() - opened;
    };
    return { call, inquiryId, offered };
  }

  it("offers every remaining group once the plan's share of the time is left", async () => {
    await askerSettings({
      routing: { pushAfterSeconds: 0, webhookAfterSeconds: null, escalateAtShareLeft: 0.9 },
    });
    const { call, inquiryId, offered } = await ask();
    const [toOncall, toBackup] = await Promise.all([offered(oncall), offered(backup)]);
    // A tenth of 10 s gone: about 1 s, far before the policy's 6 s and 8 s.
    expect(toOncall).toBeGreaterThanOrEqual(800);
    expect(toOncall).toBeLessThan(5_000);
    expect(toBackup).toBeLessThan(5_000);
    expect(await answerOver(oncall.socket, { inquiryId, action: "approve" })).toMatchObject({
      data: { status: "answered" },
    });
    expect(resultText(await call)).not.toContain("not run");
  });

  it("offers it to whoever is on call at once when asked in quiet hours with escalate", async () => {
    await askerSettings({
      quietHours: { start: utcTime(-1), end: utcTime(2), timeZone: "UTC", during: "escalate" },
    });
    const { call, inquiryId, offered } = await ask();
    expect(await offered(oncall)).toBeLessThan(3_000);
    expect(
      (await harness.answer(oncallToken, inquiryId, { action: "reject", reason: "not now" }))
        .status,
    ).toBe(200);
    expect(resultText(await call)).toContain("rejected");
  });

  it("keeps the policy's schedule in quiet hours with wait", async () => {
    await askerSettings({
      quietHours: { start: utcTime(-1), end: utcTime(2), timeZone: "UTC", during: "wait" },
    });
    const waiting = await ask();
    await settle(1_500);
    expect(oncall.created.some((each) => each.id === waiting.inquiryId)).toBe(false);
    expect(
      (await harness.answer(opsToken, waiting.inquiryId, { action: "reject", reason: "no" }))
        .status,
    ).toBe(200);
    expect(resultText(await waiting.call)).toContain("rejected");
    expect(ops.created.some((each) => each.id === waiting.inquiryId)).toBe(true);
  });
});
