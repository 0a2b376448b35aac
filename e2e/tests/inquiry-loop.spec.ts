import { expect, test } from "@playwright/test";
import { registerThroughUi, sendChatMessage } from "../support/accounts";
import { answerCard } from "../support/inquiry-card";

const WEATHER_WITHOUT_CITY = "What's the weather tomorrow?";

test("the agent asks which city, the person answers, and the reply uses the answer", async ({
  page,
}) => {
  await registerThroughUi(page);
  await sendChatMessage(page, WEATHER_WITHOUT_CITY);

  const card = page.getByTestId("inquiry-card");
  await expect(card).toBeVisible();
  await expect(card).toContainText("Which city");
  await expect(card.getByTestId("inquiry-countdown")).toBeVisible();

  await answerCard(card, "Hangzhou");

  await expect(card).toHaveCount(0);
  await expect(page.getByTestId("assistant-message").last()).toContainText("Hangzhou");
});

test("when the countdown runs out the page answers 'timeout' and the agent goes on alone", async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto("/chat?inquiryTimeout=3");
  await sendChatMessage(page, WEATHER_WITHOUT_CITY);

  const card = page.getByTestId("inquiry-card");
  await expect(card).toBeVisible();
  // The hub's backstop waits 30 s past the deadline in this suite, so only the page's own
  // auto-reply can close the card this early.
  await expect(card).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId("assistant-message").last()).toContainText("No answer came");
});

test("declining closes the card and the agent says it will not ask again", async ({ page }) => {
  await registerThroughUi(page);
  await sendChatMessage(page, WEATHER_WITHOUT_CITY);

  const card = page.getByTestId("inquiry-card");
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Decline to answer" }).click();

  await expect(card).toHaveCount(0);
  await expect(page.getByTestId("assistant-message").last()).toContainText("chose not to say");
});
