import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { PASSWORD, registerThroughUi, sendChatMessage, uniqueUsername } from "../support/accounts";
import { tabTo } from "../support/keyboard";
import { openInbox } from "../support/second-device";
import { answerCard } from "../support/inquiry-card";

const WEATHER_WITHOUT_CITY = "What's the weather tomorrow?";

/** Runs axe (WCAG 2 A and AA rules) on the page as it is and fails on serious or critical findings. */
async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.passes.length, "axe ran its rules").toBeGreaterThan(0);
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? "?"}): ${violation.help} at ` +
        violation.nodes.map((node) => node.target.join(" ")).join(", "),
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}

test("login, the chat and the inbox with a card, and devices pass axe's WCAG A/AA rules", async ({
  browser,
  page,
}) => {
  // Four pages analysed by axe, each a few seconds of the browser's CPU.
  test.setTimeout(90_000);
  await page.goto("/login");
  await expectNoSeriousViolations(page, "/login");

  const username = await registerThroughUi(page);
  await sendChatMessage(page, WEATHER_WITHOUT_CITY);
  const card = page.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await expectNoSeriousViolations(page, "/chat with an inquiry card");

  const inbox = await openInbox(browser, username);
  await expect(inbox.getByTestId("inquiry-card")).toContainText("Which city");
  await expectNoSeriousViolations(inbox, "/inbox with a card");

  await inbox.goto("/devices");
  await expect(inbox.getByTestId("device-row")).toHaveCount(2);
  await expectNoSeriousViolations(inbox, "/devices");

  await answerCard(card, "Hangzhou");
  await expect(page.getByTestId("assistant-message").last()).toContainText("Hangzhou");
});

test("with the keyboard alone: create an account, ask, and answer the card", async ({ page }) => {
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Username"));
  await page.keyboard.type(uniqueUsername("keyboard"));
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByRole("button", { name: "Create account" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chat/);

  const composer = page.getByLabel("Message");
  await tabTo(page, composer);
  await page.keyboard.type(WEATHER_WITHOUT_CITY);
  await page.keyboard.press("Enter");

  const card = page.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await expect(page.getByTestId("announcer")).toContainText("New question from your agent");
  await expect(composer, "the card does not take the focus").toBeFocused();

  await tabTo(page, card.getByLabel("Your answer"), "Shift+Tab");
  await page.keyboard.type("Hangzhou");
  await page.keyboard.press("Enter");

  await expect(card).toHaveCount(0);
  // The transcript keeps what was asked and how it ended: the answer, the device, the time.
  const closed = page.getByTestId("closed-card");
  await expect(closed).toContainText("Which city");
  await expect(closed.getByTestId("inquiry-closed")).toHaveText(
    /^You answered “Hangzhou” on .+ · \d{2}:\d{2}$/,
  );
  await expect(page.getByTestId("assistant-message").last()).toContainText("Hangzhou");
});
