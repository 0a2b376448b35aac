import { expect, test } from "@playwright/test";
import { registerThroughUi, sendChatMessage } from "../support/accounts";
import {
  conversationRows,
  deleteConversation,
  openButton,
  openConversationAddress,
  openPhoneChat,
  renameConversation,
  showConversations,
  titled,
} from "../support/conversations";
import { askWhichCity, expectOneWeatherReply, WEATHER_WITHOUT_CITY } from "../support/durable-chat";
import { answerCard } from "../support/inquiry-card";

/**
 * Conversations are stored per person (issue 17, item 1): listed newest first, titled by their
 * first message, renamed and deleted live on every device, opened on the phone with a run in
 * progress, and nobody else's to open.
 */

const LISBON = "What's the weather in Lisbon tomorrow?";
const PORTO = "What's the weather in Porto tomorrow?";
/** The demo model asks "Which colour should I pick?" for this. */
const PICK_A_COLOUR = "Pick a colour for the logo";

test("a first message titles the conversation, New chat lists above it, rename and delete reach the phone live", async ({
  browser,
}) => {
  const desktop = await (await browser.newContext()).newPage();
  const username = await registerThroughUi(desktop);
  await sendChatMessage(desktop, LISBON);
  await expectOneWeatherReply(desktop, "Lisbon");
  const lisbon = await openConversationAddress(desktop);
  const desktopRows = conversationRows(desktop);
  await expect(desktopRows).toHaveText([titled(LISBON)]);

  await desktop.getByRole("button", { name: "New chat" }).click();
  await expect(desktop).toHaveURL(/\/chat$/);
  await expect(desktop.getByTestId("user-message")).toHaveCount(0);
  await sendChatMessage(desktop, PORTO);
  await expectOneWeatherReply(desktop, "Porto");
  const porto = await openConversationAddress(desktop);
  expect(porto).not.toBe(lisbon);
  await expect(desktopRows).toHaveText([titled(PORTO), titled(LISBON)]);

  const phone = await openPhoneChat(browser, username);
  const phoneRows = conversationRows(phone);
  await showConversations(phone);
  await expect(phoneRows).toHaveText([titled(PORTO), titled(LISBON)]);
  await openButton(phone, LISBON).click();
  await expect(phone).toHaveURL(lisbon);
  await expect(phoneRows, "picking a conversation closes the phone's list").toHaveCount(0);
  await expect(phone.getByTestId("user-message")).toHaveText([LISBON]);
  await expectOneWeatherReply(phone, "Lisbon");

  await showConversations(phone);
  await renameConversation(desktop, LISBON, "Trip to Lisbon");
  for (const rows of [desktopRows, phoneRows]) {
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: titled("Trip to Lisbon") })).toHaveCount(1);
    await expect(rows.filter({ hasText: LISBON })).toHaveCount(0);
  }
  await expect(openButton(phone, "Trip to Lisbon")).toHaveAttribute("aria-current", "page");

  await deleteConversation(desktop, "Trip to Lisbon");
  await expect(desktopRows).toHaveText([titled(PORTO)]);
  await expect(phoneRows).toHaveText([titled(PORTO)]);
  await expect(phone).toHaveURL(/\/chat$/);
  await expect(phone.getByTestId("user-message")).toHaveCount(0);
  await expect(phone.getByTestId("assistant-message")).toHaveCount(0);
  await expect(desktop).toHaveURL(porto);
  await expect(desktop.getByTestId("user-message")).toHaveText([PORTO]);
});

test("a run in progress opens live on the phone, whose answer closes the desktop's card and replies on both", async ({
  browser,
}) => {
  const desktop = await (await browser.newContext()).newPage();
  const username = await registerThroughUi(desktop);
  const conversation = await askWhichCity(desktop);

  const phone = await openPhoneChat(browser, username);
  await showConversations(phone);
  await openButton(phone, WEATHER_WITHOUT_CITY).click();
  await expect(phone).toHaveURL(conversation);
  await expect(phone.getByTestId("user-message")).toHaveText([WEATHER_WITHOUT_CITY]);
  const phoneCard = phone.getByTestId("inquiry-card");
  await expect(phoneCard).toContainText("Which city");

  await answerCard(phoneCard, "Lisbon");

  await expect(phoneCard).toHaveCount(0);
  await expect(desktop.getByTestId("inquiry-card")).toHaveCount(0);
  await expectOneWeatherReply(phone, "Lisbon");
  await expectOneWeatherReply(desktop, "Lisbon");
});

test("a stranger opening the conversation's address gets a new chat and nothing of it", async ({
  browser,
}) => {
  const owner = await (await browser.newContext()).newPage();
  await registerThroughUi(owner);
  await sendChatMessage(owner, LISBON);
  await expectOneWeatherReply(owner, "Lisbon");
  const conversation = await openConversationAddress(owner);
  const id = new URL(conversation, "http://localhost").searchParams.get("c") ?? "";

  const stranger = await (await browser.newContext()).newPage();
  await registerThroughUi(stranger);
  const refused = stranger.waitForResponse((response) =>
    response.url().endsWith(`/api/conversations/${id}`),
  );
  await stranger.goto(conversation);

  expect((await refused).status()).toBe(404);
  await expect(stranger).toHaveURL(/\/chat$/);
  await expect(stranger.getByText("Ask something")).toBeVisible();
  await expect(stranger.getByText("Lisbon")).toHaveCount(0);
  await expect(conversationRows(stranger)).toHaveCount(0);
  await expect(conversationRows(owner)).toHaveText([titled(LISBON)]);
});

test("moving between two conversations whose runs are in progress shows each its own question", async ({
  page,
}) => {
  await registerThroughUi(page);
  const weather = await askWhichCity(page);
  await page.getByRole("button", { name: "New chat" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await sendChatMessage(page, PICK_A_COLOUR);
  const card = page.getByTestId("inquiry-card");
  await expect(card).toContainText("Which colour");
  const colour = await openConversationAddress(page);

  await openButton(page, WEATHER_WITHOUT_CITY).click();
  await expect(page).toHaveURL(weather);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Which city");

  await openButton(page, PICK_A_COLOUR).click();
  await expect(page).toHaveURL(colour);
  await expect(page.getByTestId("user-message")).toHaveText([PICK_A_COLOUR]);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Which colour");
  await answerCard(card, "green");
  await expect(page.getByTestId("assistant-message")).toHaveText(["I picked green, as you chose."]);
});
