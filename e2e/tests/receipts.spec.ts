import { devices, expect, test } from "@playwright/test";
import { logInThroughUi, registerThroughUi, sendChatMessage } from "../support/accounts";
import { answerCard } from "../support/inquiry-card";

/** A receipt's time as the page's language writes it: "14:02" or "02:02 PM". */
const TIME = String.raw`\d{1,2}:\d\d(?: [AP]M)?`;
const seenOnDesktop = new RegExp(`^on 2 devices · seen on Chrome on Windows at ${TIME}$`);
const seenOnBoth = new RegExp(`^on 2 devices · seen on Chrome on Windows at ${TIME} and 1 more$`);

test("receipts say where the question arrived, and show a device as seen only once its card was on screen", async ({
  browser,
}) => {
  const desktopContext = await browser.newContext();
  const desktop = await desktopContext.newPage();
  const username = await registerThroughUi(desktop);
  const phoneContext = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await phoneContext.newPage();
  await logInThroughUi(phone, username);
  // Signed in and connected, but on a page that shows no cards.
  await phone.goto("/devices");
  await expect(phone.getByRole("heading", { name: "Devices" })).toBeVisible();

  await desktop.goto("/chat");
  await sendChatMessage(desktop, "What's the weather tomorrow?");
  const receipts = desktop.getByTestId("inquiry-card").getByTestId("inquiry-receipts");
  await expect(receipts).toHaveText(seenOnDesktop);
  // The phone holds the card in its live list but never showed it: no "seen" from it.
  await desktop.waitForTimeout(1_500);
  await expect(receipts).toHaveText(seenOnDesktop);

  await phone.goto("/inbox");
  const phoneCard = phone.getByTestId("inquiry-card");
  await expect(phoneCard).toBeVisible();
  await expect(receipts).toHaveText(seenOnBoth);
  await expect(phoneCard.getByTestId("inquiry-receipts")).toHaveText(/and 1 more$/);

  await answerCard(phoneCard, "Sunny");
  await expect(desktop.getByTestId("assistant-message").last()).toContainText("Sunny");

  await phone.goto("/history");
  await phone.getByTestId("history-row").first().getByRole("link").click();
  const entries = phone.getByTestId("receipt-entry");
  await expect(entries.filter({ hasText: "Chrome on Android: seen (in the app)" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Chrome on Windows: seen (in the app)" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "delivered (live connection)" })).toHaveCount(2);
});
