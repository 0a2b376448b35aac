import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { APIResponse } from "@playwright/test";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import { PASSWORD, registerThroughUi } from "../support/accounts";
import { FULL_BROWSER_LAUNCH_OPTIONS } from "../support/browser";
import { callHubApi } from "../support/channels";
import { connectHubMcp } from "../support/hub-mcp";
import { awayWithPush, clickAction, showPush, shown } from "../support/push-worker";
import { E2E_SANDBOX_DIR } from "../support/sandbox";
import { pairPhone } from "../support/second-device";

// The service worker shows notifications here, which only the full browser does.
test.use({ launchOptions: FULL_BROWSER_LAUNCH_OPTIONS });

/** Who made each `approval.decision` of `inquiryId` in an audit export: channel and device name. */
async function decisionActors(
  response: APIResponse,
  inquiryId: string,
): Promise<{ channel: unknown; deviceName: unknown }[]> {
  const records = (await response.text())
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return records
    .filter((record) => record.kind === "approval.decision" && record.subject === inquiryId)
    .map((record) => {
      const actor = record.actor as Record<string, unknown>;
      return { channel: actor.channel, deviceName: actor.deviceName };
    });
}

const NOTE_NAME = "push-approved.txt";
const NOTE_FILE = path.join(E2E_SANDBOX_DIR, NOTE_NAME);

test("a push notification's Approve runs the call once, updates the other devices and says so", async ({
  browser,
}) => {
  await rm(NOTE_FILE, { force: true });
  const receiver = await startLoopbackReceiver();
  try {
    const desktop = await (await browser.newContext()).newPage();
    const username = await registerThroughUi(desktop);
    const phone = await pairPhone(browser, desktop);
    const { worker, decrypt } = await awayWithPush(phone, receiver, "pixel");
    await desktop.goto("/inbox");

    const login = await callHubApi("/api/auth/login", {
      body: { username, password: PASSWORD, deviceName: "Agent laptop" },
    });
    const { token } = (await login.json()) as { token: string };
    const agent = await connectHubMcp(token, "/proxy/demo/mcp");
    const call = agent.callTool(
      { name: "write_file", arguments: { path: NOTE_NAME, content: "hello" } },
      undefined,
      { timeout: 120_000 },
    );

    const [pushed] = await receiver.waitForCount(1, 15_000);
    const message = decrypt(pushed?.body);
    if (message.type !== "inquiry:new") throw new Error(`unexpected push ${message.type}`);
    expect(message.actions).toEqual([{ type: "approve" }, { type: "reject" }]);
    expect(message.deviceName).toBe("Pixel 7");
    expect(JSON.stringify(message)).not.toContain(token);
    const inquiryId = message.inquiry.id;

    await showPush(worker, message);
    expect(await shown(worker, inquiryId)).toEqual([
      { title: "Approval needed", kind: "question", actions: ["Approve", "Reject"] },
    ]);
    await expect(desktop.getByTestId("approval-card")).toBeVisible();

    await clickAction(worker, inquiryId, "approve");

    const result = await call;
    expect(result.isError).not.toBe(true);
    await expect
      .poll(() =>
        stat(NOTE_FILE).then(
          (file) => file.mtimeMs,
          () => 0,
        ),
      )
      .toBeGreaterThan(0);
    const writtenAt = (await stat(NOTE_FILE)).mtimeMs;
    await expect(desktop.getByTestId("approval-card")).toHaveCount(0);
    expect(await shown(worker, inquiryId)).toEqual([
      { title: "Approved on Pixel 7", kind: "outcome", actions: [] },
    ]);
    // The audit log records the decision as the phone's, made through the push action.
    await expect
      .poll(async () => decisionActors(await desktop.request.get("/api/audit/export"), inquiryId))
      .toEqual([{ channel: "push", deviceName: "Pixel 7" }]);

    // The question shown again (a second device's stale notification, a double tap): the
    // hub's compare-and-set refuses the second decision, and the tool does not run again.
    await showPush(worker, message);
    await clickAction(worker, inquiryId, "approve");
    expect(await shown(worker, inquiryId)).toEqual([
      { title: "Already answered on Pixel 7", kind: "outcome", actions: [] },
    ]);
    expect((await stat(NOTE_FILE)).mtimeMs).toBe(writtenAt);
    await agent.close();
  } finally {
    await receiver.close();
  }
});

test("a decision the approval's policy forbids is not offered on the notification", async ({
  page,
}) => {
  const receiver = await startLoopbackReceiver();
  try {
    const username = await registerThroughUi(page);
    const { worker, decrypt } = await awayWithPush(page, receiver, "forbidden");
    const login = await callHubApi("/api/auth/login", {
      body: { username, password: PASSWORD, deviceName: "Framework host" },
    });
    const { token } = (await login.json()) as { token: string };
    const framework = await connectHubMcp(token);
    const call = framework
      .callTool(
        {
          name: "request_approval",
          arguments: {
            source: "e2e-framework",
            tool: "send_email",
            arguments: { to: "team@example.com" },
            allowed_decisions: ["edit", "reject"],
          },
        },
        undefined,
        { timeout: 120_000 },
      )
      .catch(() => undefined);

    const [pushed] = await receiver.waitForCount(1, 15_000);
    const message = decrypt(pushed?.body);
    if (message.type !== "inquiry:new") throw new Error(`unexpected push ${message.type}`);
    expect(message.actions).toEqual([{ type: "reject" }]);

    await showPush(worker, message);
    expect(await shown(worker, message.inquiry.id)).toEqual([
      { title: "Approval needed", kind: "question", actions: ["Reject"] },
    ]);
    await framework.close();
    await call;
  } finally {
    await receiver.close();
  }
});
