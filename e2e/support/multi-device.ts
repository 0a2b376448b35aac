import { expect } from "@playwright/test";
import type { Browser } from "@playwright/test";
import { registerThroughUi, sendChatMessage } from "./accounts";
import { openInbox, pairPhone } from "./second-device";
import { answerCard } from "./inquiry-card";

/**
 * The multi-device story, shared by the single-hub and the two-node suites: a desktop chat,
 * a phone paired through the /devices link, a second desktop tab on /inbox and a stranger.
 * The chat's question reaches all three devices of the person (never the stranger) and
 * leaves them all within 2 s of the phone's answer, which also reaches the chat's agent.
 *
 * `inboxBaseURL` puts the second desktop on another web instance: the cluster suite points
 * it at a web served by the other hub node, so the person's devices sit on both nodes.
 */
export async function questionReachesEveryDeviceAndLeavesOnAnswer(
  browser: Browser,
  options: { inboxBaseURL?: string } = {},
): Promise<void> {
  const chatContext = await browser.newContext();
  const chat = await chatContext.newPage();
  const username = await registerThroughUi(chat);

  const phone = await pairPhone(browser, chat);
  const inbox = await openInbox(browser, username, options.inboxBaseURL);

  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await registerThroughUi(stranger);
  await stranger.goto("/inbox");
  await expect(stranger.getByText("Nothing is waiting for you.")).toBeVisible();

  await chat.goto("/devices");
  await expect(chat.getByTestId("device-row")).toHaveCount(3);
  await expect(chat.getByTestId("device-row").filter({ hasText: "Pixel 7" })).toContainText(
    "Online",
  );

  await chat.goto("/chat");
  await sendChatMessage(chat, "What's the weather tomorrow?");

  const chatCard = chat.getByTestId("inquiry-card");
  const phoneCard = phone.getByTestId("inquiry-card");
  const inboxCard = inbox.getByTestId("inquiry-card");
  await expect(chatCard).toContainText("Which city");
  await expect(phoneCard).toContainText("Which city");
  await expect(inboxCard).toContainText("Which city");
  await expect(inbox.getByTestId("inquiry-toast")).toBeVisible();

  await answerCard(phoneCard, "Hangzhou");

  await expect(inboxCard).toHaveCount(0, { timeout: 2_000 });
  await expect(chatCard).toHaveCount(0, { timeout: 2_000 });
  await expect(inbox.getByTestId("inquiry-withdrawn-note")).toContainText("Answered on Pixel 7");
  await expect(chat.getByTestId("assistant-message").last()).toContainText("Hangzhou");

  await expect(stranger.getByTestId("inquiry-card")).toHaveCount(0);
  await expect(stranger.getByText("Nothing is waiting for you.")).toBeVisible();
}
