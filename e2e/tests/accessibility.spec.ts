import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { PASSWORD, registerThroughUi, sendChatMessage, uniqueUsername } from "../support/accounts";
import { tabTo } from "../support/keyboard";
import { openInbox } from "../support/second-device";
import { answerCard } from "../support/inquiry-card";

const WEATHER_WITHOUT_CITY = "What's the weather tomorrow?";

/**
 * Runs axe (WCAG 2 A and AA rules) on the page as it is, in the light and the dark theme, and
 * fails on any violation, whatever its impact.
 */
async function expectNoViolations(page: Page, what: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // Buttons fade to the new theme's colours; axe must judge the colours they end on, not a
    // mix caught halfway (it once flagged a primary button's contrast so, in dark). A transition
    // cut short by another rejects `finished`; the one that replaced it is awaited as well.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.passes.length, "axe ran its rules").toBeGreaterThan(0);
    const violations = results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact ?? "?"}): ${violation.help} at ` +
        violation.nodes.map((node) => node.target.join(" ")).join(", "),
    );
    expect(violations, `axe on ${what}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

test("every page passes axe's WCAG A/AA rules, light and dark: login, pairing, chat and inbox with a card, history, devices, agent keys, rules, settings", async ({
  browser,
  page,
}) => {
  // Nine views analysed by axe twice each, each a few seconds of the browser's CPU.
  test.setTimeout(180_000);
  await page.goto("/login");
  await expectNoViolations(page, "/login");
  await page.getByLabel("Password").fill("abc");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("field-error").first()).toBeVisible();
  await expectNoViolations(page, "/login with field errors");
  const username = await registerThroughUi(page);
  await sendChatMessage(page, WEATHER_WITHOUT_CITY);
  const card = page.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await expectNoViolations(page, "/chat with an inquiry card");

  const inbox = await openInbox(browser, username);
  await expect(inbox.getByTestId("inquiry-card")).toContainText("Which city");
  await expectNoViolations(inbox, "/inbox with a card");

  await inbox.goto("/devices");
  await expect(inbox.getByTestId("device-row")).toHaveCount(2);
  await expectNoViolations(inbox, "/devices");
  await inbox.getByRole("button", { name: "Pair a phone" }).click();
  await expect(inbox.getByAltText("Pairing QR code")).toBeVisible();
  await expectNoViolations(inbox, "/devices with a pairing code");
  const pairLink = (await inbox.getByTestId("pairing-link").getAttribute("href")) ?? "";
  const phone = await (await browser.newContext()).newPage();
  await phone.goto(pairLink);
  await expect(phone.getByRole("button", { name: "Log in on this device" })).toBeVisible();
  await expectNoViolations(phone, "/pair with a code");

  await answerCard(card, "Hangzhou");
  await expect(page.getByTestId("assistant-message").last()).toContainText("Hangzhou");

  await page.goto("/history");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Which city").first()).toBeVisible();
  await expectNoViolations(page, "/history with an answered question");

  await page.goto("/agent-keys");
  await page.getByLabel("Name").fill("axe key");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("agent-key-secret")).toBeVisible();
  await expect(page.getByTestId("agent-key-row")).toHaveCount(1);
  await expectNoViolations(page, "/agent-keys with a new secret and a key");
  await page.getByRole("button", { name: "Actions for axe key" }).click();
  await page.getByRole("menuitem", { name: "Revoke axe key" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "/agent-keys's revoke dialog");

  await page.goto("/rules");
  await expect(page.getByTestId("rules-empty")).toBeVisible();
  await expectNoViolations(page, "/rules, empty");
  await page.getByRole("button", { name: "Import" }).click();
  await page.getByLabel("Rules as JSON").fill("{}");
  await page.getByRole("dialog").getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("dialog").getByTestId("error-message")).toBeVisible();
  await expectNoViolations(page, "/rules's import dialog with a mistake named");

  await page.goto("/settings");
  await page.getByTestId("routing-plan").check();
  await page.getByTestId("quiet-on").check();
  await page.getByTestId("digest-on").check();
  await page.getByTestId("push-after").fill("");
  await page.getByTestId("save-settings").click();
  await expect(page.getByTestId("field-error")).toBeVisible();
  await expectNoViolations(page, "/settings with every part on and a field's mistake named");
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
