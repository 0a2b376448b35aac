import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import { PASSWORD, registerThroughUi } from "../support/accounts";
import { connectProxyAgent, createAgentKey } from "../support/agent-proxy";
import { callHubApi, sessionToken } from "../support/channels";

/**
 * Reaching the person the right way (issue 37): with a routing plan a question shows in the
 * open tab at once while the phone's push waits until it has gone unseen that long; seen in
 * the tab first, the phone is never pushed; quiet hours hold a normal question's push and let
 * a high-risk approval's through; the settings page keeps when a team approval escalates.
 */

test.use({ viewport: { width: 1280, height: 800 } });

/** The plan's wait before the phone is pushed: short, yet long enough to tell from "at once". */
const PUSH_AFTER_SECONDS = 4;

type LoopbackReceiver = Awaited<ReturnType<typeof startLoopbackReceiver>>;

/** A phone of the person signed in on `page`: a device logged in by API with a push subscription. */
async function subscribePhone(page: Page, username: string, receiver: LoopbackReceiver) {
  const login = await callHubApi("/api/auth/login", {
    body: { username, password: PASSWORD, deviceName: "Pocket phone" },
  });
  const { token } = (await login.json()) as { token: string };
  const keys = createFakeBrowserKeys();
  const endpoint = new URL(`/push/${randomUUID()}`, receiver.url).toString();
  const subscribed = await callHubApi("/api/push/subscriptions", {
    token,
    body: { endpoint, keys: keys.keys },
  });
  expect(subscribed.status).toBe(201);
  /** Every push the phone received so far, opened, as its JSON text. */
  return () =>
    receiver.received.map((each) => keys.decrypt(each.body ?? Buffer.alloc(0)).toString());
}

/** One gated write of the agent, started now on a run of its own (so it is never grouped). */
async function gatedWrite(
  secret: string,
  note: string,
): Promise<{ agent: Client; done: Promise<CallToolResult> }> {
  const agent = await connectProxyAgent(secret);
  const done = agent.callTool(
    { name: "write_file", arguments: { path: `reach/${note}`, content: "reach" } },
    undefined,
    { timeout: 120_000 },
  ) as Promise<CallToolResult>;
  return { agent, done };
}

/** Approves the card about `text` on `page`'s inbox. */
async function approveOn(page: Page, text: string): Promise<void> {
  await page.goto("/inbox");
  const card = page.getByTestId("approval-card").filter({ hasText: text });
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(card).toHaveCount(0);
}

test('with a plan "tab, then the phone after 4 s", a question shows in the tab at once and is pushed only after 4 s unseen; seen in the tab first, it is never pushed', async ({
  page,
}) => {
  const receiver = await startLoopbackReceiver();
  try {
    const username = await registerThroughUi(page);
    const pushes = await subscribePhone(page, username, receiver);

    await page.goto("/settings");
    await page.getByTestId("routing-plan").check();
    await page.getByTestId("push-after").fill(String(PUSH_AFTER_SECONDS));
    await page.getByText("Never send to Slack or webhooks").check();
    await page.getByTestId("save-settings").click();
    await expect(page.getByTestId("settings-toast")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("push-after")).toHaveValue(String(PUSH_AFTER_SECONDS));

    // Unseen: the tab is open on another page; the Inbox count shows the question at once.
    const secret = await createAgentKey(page, "reach bot");
    await page.goto("/devices");
    const unseen = `unseen-${randomUUID()}.txt`;
    const asked = Date.now();
    const first = await gatedWrite(secret, unseen);
    await expect(page.getByTestId("inbox-count").first()).toHaveText("1", { timeout: 3_000 });
    await receiver.waitForCount(1, 20_000);
    expect(Date.now() - asked, "the push waited for the plan's delay").toBeGreaterThanOrEqual(
      PUSH_AFTER_SECONDS * 1_000,
    );
    expect(pushes()[0]).toContain(unseen);
    await approveOn(page, unseen);
    await first.done;
    await first.agent.close();

    // Seen: the card is on the focused tab's screen before the delay ends.
    const seen = `seen-${randomUUID()}.txt`;
    const second = await gatedWrite(secret, seen);
    await expect(page.getByTestId("approval-card").filter({ hasText: seen })).toBeVisible();
    await page.waitForTimeout((PUSH_AFTER_SECONDS + 3) * 1_000);
    expect(pushes().filter((each) => each.includes(seen))).toEqual([]);
    await approveOn(page, seen);
    await second.done;
    await second.agent.close();

    // History keeps each step of the plan as a receipt: the wait, and the push left out as seen.
    await page.goto("/history");
    await page.getByTestId("history-row").filter({ hasText: seen }).getByRole("link").click();
    const steps = page.getByTestId("receipt-entry").filter({ hasText: "Routing plan" });
    await expect(steps.filter({ hasText: "push to the phone after 4 sec unseen" })).toHaveCount(1);
    await expect(steps.filter({ hasText: "not pushed: already seen" })).toHaveCount(1);
  } finally {
    await receiver.close();
  }
});

/** `HH:MM` in UTC, `minutes` from now. */
function utcTime(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);
}

test("quiet hours around now hold a normal approval's push and let a high-risk one's through", async ({
  page,
}) => {
  const receiver = await startLoopbackReceiver();
  try {
    const username = await registerThroughUi(page);
    const pushes = await subscribePhone(page, username, receiver);
    const saved = await callHubApi("/api/settings", {
      method: "PUT",
      token: await sessionToken(page.context()),
      body: {
        quietHours: { start: utcTime(-60), end: utcTime(60), timeZone: "UTC" },
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const secret = await createAgentKey(page, "quiet bot");
    await page.goto("/devices");
    const normal = `quiet-${randomUUID()}.txt`;
    const held = await gatedWrite(secret, normal);
    await expect(page.getByTestId("inbox-count").first()).toHaveText("1");

    const deleter = await connectProxyAgent(secret);
    const title = `quiet-${randomUUID().slice(0, 8)}`;
    const deletion = deleter.callTool(
      { name: "execute_sql", arguments: { query: `DELETE FROM notes WHERE title = '${title}'` } },
      undefined,
      { timeout: 120_000 },
    );
    await receiver.waitForCount(1, 20_000);
    expect(pushes()[0]).toContain(title);
    // The normal one was asked first and still has not reached the phone.
    await page.waitForTimeout(3_000);
    expect(pushes().filter((each) => each.includes(normal))).toEqual([]);

    await approveOn(page, title);
    await deletion;
    await deleter.close();
    await approveOn(page, normal);
    await held.done;
    await held.agent.close();
  } finally {
    await receiver.close();
  }
});

test("the page keeps when a team approval escalates and what quiet hours do with one", async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto("/settings");
  await page.getByTestId("routing-plan").check();
  await expect(
    page.getByText("Questions only you can answer have nobody to escalate to"),
  ).toBeVisible();
  await page.getByLabel("Escalate a team approval nobody decided").selectOption("0.2");
  await page.getByTestId("quiet-on").check();
  await page
    .getByLabel("Escalate team approvals asked in quiet hours")
    .selectOption("At once, to whoever is on call");
  await page.getByTestId("save-settings").click();
  await expect(page.getByTestId("settings-toast")).toBeVisible();

  const saved = await callHubApi("/api/settings", { token: await sessionToken(page.context()) });
  expect(await saved.json()).toMatchObject({
    routing: { escalateAtShareLeft: 0.2 },
    quietHours: { during: "escalate" },
  });
  await page.reload();
  await expect(page.getByTestId("escalate-at")).toHaveValue("0.2");
  await expect(page.getByTestId("quiet-during")).toHaveValue("escalate");
});
