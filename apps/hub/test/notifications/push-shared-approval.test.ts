import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PushMessageSchema } from "@inquiry-hub/protocol";
import type { PushMessage } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { FakeBrowserKeys, LoopbackReceiver } from "@inquiry-hub/test-kit";
import { resultText } from "../helpers";
import { fileExists, gatedCall } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { signIn, startAfterTeamSetup } from "../support/team-restart";
import type { TeamAccount } from "../support/team-restart";

/**
 * Team ops (owner a, approver b) must both approve write_file; r asks. execute_sql goes to ops,
 * then after 0.4 s also to team oncall (owner e).
 */
type Name = "r" | "a" | "b" | "e";

describe("Web Push of a shared approval", () => {
  let harness: ProxyHarness;
  let receiver: LoopbackReceiver;
  const accounts: Partial<Record<Name, TeamAccount>> = {};

  beforeAll(async () => {
    receiver = await startLoopbackReceiver();
    const started = await startAfterTeamSetup(
      async (setup) => {
        const [r, a, b, e] = await Promise.all(
          ["r", "a", "b", "e"].map((name) => setup.register(name)),
        );
        if (r === undefined || a === undefined || b === undefined || e === undefined)
          throw new Error("no accounts");
        const team = await setup.createTeam(a, `ops-${randomUUID().slice(0, 8)}`);
        await setup.join(a, team.id, b, "approver");
        const oncall = await setup.createTeam(e, `oncall-${randomUUID().slice(0, 8)}`);
        return {
          tools: {
            write_file: { approvers: { team_id: team.id }, approvals_required: 2 },
            execute_sql: {
              approvers: { team_id: team.id },
              escalate_to: [{ team_id: oncall.id, after_seconds: 0.4 }],
              timeout_seconds: 10,
            },
          },
          state: { r, a, b, e },
        };
      },
      { pushAllowPrivate: true },
    );
    harness = started.harness;
    Object.assign(accounts, started.state);
  });

  afterAll(async () => {
    await harness.close();
    await receiver.close();
  });

  function account(name: Name): TeamAccount {
    const found = accounts[name];
    if (found === undefined) throw new Error(`no account ${name}`);
    return found;
  }

  /** A new device of `name` with no socket (away), subscribed to push at `/push/<name>`. */
  async function awayDevice(name: Name) {
    const token = await signIn(harness, account(name));
    const keys: FakeBrowserKeys = createFakeBrowserKeys();
    const response = await fetch(new URL("/api/push/subscriptions", harness.hubUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        endpoint: new URL(`/push/${name}`, receiver.url).toString(),
        keys: keys.keys,
      }),
    });
    expect(response.status).toBe(201);
    return { token, keys };
  }

  function pushedTo(name: string, keys: FakeBrowserKeys): PushMessage | undefined {
    const received = receiver.received.find((each) => each.path === `/push/${name}`);
    if (received === undefined) return undefined;
    return PushMessageSchema.parse(JSON.parse(keys.decrypt(received.body ?? Buffer.alloc(0))));
  }

  it("pushes the question to the approvers' away devices, and a push Approve is that person's vote", async () => {
    const requester = await awayDevice("r");
    const first = await awayDevice("a");
    const second = await awayDevice("b");
    const agent = await harness.connectAgent(await signIn(harness, account("r")));
    const file = `shared-${randomUUID()}.txt`;
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: file,
      content: "two people said yes",
    });

    await receiver.waitForCount(3);
    for (const [name, device] of [
      ["a", first],
      ["b", second],
    ] as const) {
      expect(pushedTo(name, device.keys)).toMatchObject({
        type: "inquiry:new",
        inquiry: { id: inquiryId, type: "APPROVAL" },
        actions: [{ type: "approve" }, { type: "reject" }],
      });
    }
    // The requester sees it but may not decide it: its notification only opens the card.
    expect(pushedTo("r", requester.keys)).toMatchObject({
      inquiry: { id: inquiryId },
      actions: [{ type: "open" }],
    });

    // What the service worker sends for the Approve button, with that device's credential.
    const vote = await harness.answer(first.token, inquiryId, { action: "approve" });
    expect(vote.status).toBe(200);
    expect(await vote.json()).toMatchObject({ id: inquiryId, status: "pending" });
    expect(await fileExists(path.join(harness.sandboxDir, file))).toBe(false);

    const decided = await harness.answer(second.token, inquiryId, { action: "approve" });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({ status: "answered" });
    expect(resultText(await call)).not.toMatch(/rejected|timed out/);
    expect(await fileExists(path.join(harness.sandboxDir, file))).toBe(true);
    expect(harness.audit.find((each) => each.inquiryId === inquiryId)?.votes).toHaveLength(2);
  });

  it("pushes an escalated approval to the newcomers' away devices, and withdraws it once decided", async () => {
    const oncall = await awayDevice("e");
    receiver.received.length = 0;
    const agent = await harness.connectAgent(await signIn(harness, account("r")));
    const { call, inquiryId } = await gatedCall(agent, "execute_sql", {
      query: `INSERT INTO notes (title) VALUES ('escalated-${randomUUID()}')`,
    });
    const toOncall = () => receiver.received.filter((each) => each.path === "/push/e");
    // Before the step timeout, e is not in the audience: nothing reaches their phone.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toOncall()).toEqual([]);

    await expect.poll(() => toOncall().length, { timeout: 5_000 }).toBe(1);
    expect(pushedTo("e", oncall.keys)).toMatchObject({
      type: "inquiry:new",
      inquiry: { id: inquiryId, type: "APPROVAL" },
      actions: [{ type: "approve" }, { type: "reject" }],
    });
    const decided = await harness.answer(oncall.token, inquiryId, { action: "approve" });
    expect(await decided.json()).toMatchObject({ status: "answered" });
    expect(resultText(await call)).toContain("inserted");

    await expect.poll(() => toOncall().length).toBe(2);
    const last = toOncall()[1];
    expect(
      PushMessageSchema.parse(JSON.parse(oncall.keys.decrypt(last?.body ?? Buffer.alloc(0)))),
    ).toEqual({ type: "inquiry:withdrawn", inquiryId, status: "answered" });
  });
});
