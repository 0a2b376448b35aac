import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { sendChatMessage } from "./accounts";

/** Types `text` into an open question card's answer field and sends it with Answer. */
export async function answerCard(card: Locator, text: string): Promise<void> {
  await card.getByLabel("Your answer").fill(text);
  await card.getByRole("button", { name: "Answer", exact: true }).click();
}

/**
 * The demo agent's weather question, asked and answered on the chat page: its card asks
 * "Which city", gets `city`, and the agent's reply names it.
 */
export async function chatWeatherAnswered(page: Page, city = "Hangzhou"): Promise<void> {
  await sendChatMessage(page, "What's the weather tomorrow?");
  const card = page.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await answerCard(card, city);
  await expect(page.getByTestId("assistant-message").last()).toContainText(city);
}
