import { expect, test } from "@playwright/test";
import { registerThroughUi } from "../support/accounts";
import { callHubApi, sessionToken } from "../support/channels";
import {
  askWhichCity,
  expectOneWeatherReply,
  questionOnChatAndPhone,
  WEATHER_WITHOUT_CITY,
} from "../support/durable-chat";
import { answerCard } from "../support/inquiry-card";

/**
 * A chat run belongs to its conversation, not to the tab (issue 17): a reload, a closed tab and
 * a dropped network lose nothing, and only Stop ends a run.
 */

test("a reload mid-run brings the question back answerable, and the reply arrives once", async ({
  page,
}) => {
  await registerThroughUi(page);
  const conversation = await askWhichCity(page);

  await page.reload();
  await expect(page).toHaveURL(conversation);
  const card = page.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await answerCard(card, "Lisbon");

  await expectOneWeatherReply(page, "Lisbon");
  await expect(page.getByTestId("user-message")).toHaveText([WEATHER_WITHOUT_CITY]);
});

test("a closed chat tab leaves the question on the phone; the reopened chat shows its answer and the reply", async ({
  browser,
}) => {
  const { chatContext, chat, phone, conversation } = await questionOnChatAndPhone(browser);
  await chat.close();

  // Long enough for any cancel caused by the tab going away to have reached every device.
  await phone.waitForTimeout(10_000);
  const phoneCard = phone.getByTestId("inquiry-card");
  await expect(phoneCard).toContainText("Which city");
  await answerCard(phoneCard, "Porto");
  await expect(phoneCard).toHaveCount(0);

  const reopened = await chatContext.newPage();
  await reopened.goto(conversation);
  const closed = reopened.getByTestId("closed-card");
  await expect(closed).toContainText("Which city");
  await expect(closed).toContainText("Porto");
  await expectOneWeatherReply(reopened, "Porto");
});

test("five seconds offline mid-run: the chat catches up with the answer given meanwhile on the phone", async ({
  browser,
}) => {
  const { chatContext, chat, phone } = await questionOnChatAndPhone(browser);

  await chatContext.setOffline(true);
  const phoneCard = phone.getByTestId("inquiry-card");
  await answerCard(phoneCard, "Seville");
  await expect(phoneCard).toHaveCount(0);
  await chat.waitForTimeout(5_000);
  await chatContext.setOffline(false);

  await expectOneWeatherReply(chat, "Seville");
  await expect(chat.getByTestId("inquiry-card")).toHaveCount(0);
});

test("Stop ends the run and withdraws its question on every device", async ({ browser }) => {
  const { chatContext, chat, phone } = await questionOnChatAndPhone(browser);
  const phoneCard = phone.getByTestId("inquiry-card");

  await chat.getByRole("button", { name: "Stop" }).click();

  await expect(phoneCard).toHaveCount(0);
  await expect(chat.getByTestId("inquiry-card")).toHaveCount(0);
  await expect(chat.getByText("Stopped.")).toBeVisible();
  const history = await callHubApi("/api/history", { token: await sessionToken(chatContext) });
  const body = (await history.json()) as { items: { status: string }[] };
  expect(body.items.map((item) => item.status)).toEqual(["cancelled"]);
});
