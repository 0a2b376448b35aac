import { expect, test } from "@playwright/test";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import { PASSWORD, registerThroughUi } from "../support/accounts";
import { FULL_BROWSER_LAUNCH_OPTIONS } from "../support/browser";
import { callHubApi } from "../support/channels";
import { connectHubMcp } from "../support/hub-mcp";
import { awayWithPush, clickAction, showPush, shown } from "../support/push-worker";
import { questionOnTwoDevices } from "../support/second-device";
import { answerCard } from "../support/inquiry-card";

// The service worker shows notifications here, which only the full browser does.
test.use({ launchOptions: FULL_BROWSER_LAUNCH_OPTIONS });

test("both devices show Expiring soon when a fifth of the time is left, and More time clears it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A 60 s deadline warns at 48 s, with 12 s left for the steps below (a loaded machine needed
  // more than the 8 s a 40 s deadline left); the backstop waits 30 s more in this suite.
  const { chat, inbox, chatCard, inboxCard, countdowns } = await questionOnTwoDevices(browser, 60);
  for (const countdown of countdowns) {
    await expect(countdown).toHaveText(/^(1:00|0:[45]\d) left$/);
    await expect(countdown).toHaveAttribute("data-expiring", "false");
  }

  for (const countdown of countdowns) {
    await expect(countdown).toHaveAttribute("data-expiring", "true", { timeout: 60_000 });
    await expect(countdown).toHaveText(/^0:[01]\d left$/);
  }
  for (const card of [chatCard, inboxCard])
    await expect(card.getByTestId("inquiry-state")).toHaveText("Expiring soon");
  // A tab opened after the warning knows it from the question's createdAt.
  const lateTab = await inbox.context().newPage();
  await lateTab.goto("/inbox");
  await expect(lateTab.getByTestId("inquiry-countdown")).toHaveAttribute("data-expiring", "true");

  // More time (now the primary button): 60 s + 60 s warns again only at 96 s.
  const extend = inboxCard.getByRole("button", { name: "More time" });
  await expect(extend).toHaveAttribute("data-prominent", "true");
  await extend.click();
  for (const countdown of countdowns) {
    await expect(countdown).toHaveAttribute("data-expiring", "false");
    await expect(countdown).toHaveText(/^1:[01]\d left$/);
  }
  await expect(inboxCard.getByTestId("inquiry-state")).toHaveText("Waiting");

  await answerCard(chatCard, "Hangzhou");
  await expect(inboxCard).toHaveCount(0, { timeout: 2_000 });
  await expect(chat.getByTestId("assistant-message").last()).toContainText("Hangzhou");
});

test("the expiring push replaces the question's notification, buttons and all", async ({
  page,
}) => {
  const receiver = await startLoopbackReceiver();
  try {
    const username = await registerThroughUi(page);
    const { worker, decrypt } = await awayWithPush(page, receiver, "expiring");
    const login = await callHubApi("/api/auth/login", {
      body: { username, password: PASSWORD, deviceName: "Agent laptop" },
    });
    const { token } = (await login.json()) as { token: string };
    const agent = await connectHubMcp(token, "/mcp?timeout=5");
    const call = agent.callTool(
      { name: "send_inquiry", arguments: { prompt: "Ship it?", options: ["Yes", "No"] } },
      undefined,
      { timeout: 60_000 },
    );

    const [pushed] = await receiver.waitForCount(1, 15_000);
    const question = decrypt(pushed?.body);
    if (question.type !== "inquiry:new") throw new Error(`unexpected push ${question.type}`);
    const inquiryId = question.inquiry.id;
    await showPush(worker, question);
    expect(await shown(worker, inquiryId)).toEqual([
      { title: "New question from your agent", kind: "question", actions: ["Yes", "No"] },
    ]);

    const [, warned] = await receiver.waitForCount(2, 15_000);
    const warning = decrypt(warned?.body);
    expect(warning).toMatchObject({
      type: "inquiry:expiring",
      inquiry: { id: inquiryId, expiresAt: question.inquiry.expiresAt },
      actions: question.actions,
    });
    await showPush(worker, warning);
    expect(await shown(worker, inquiryId)).toEqual([
      {
        title: "About to expire: question from your agent",
        kind: "question",
        actions: ["Yes", "No"],
      },
    ]);

    await clickAction(worker, inquiryId, "option:0");
    expect(await shown(worker, inquiryId)).toEqual([
      {
        title: `Answered "Yes" on ${question.deviceName ?? "this device"}`,
        kind: "outcome",
        actions: [],
      },
    ]);
    await call;
    await agent.close();
  } finally {
    await receiver.close();
  }
});
