import { expect, test } from "@playwright/test";
import { PASSWORD, uniqueUsername } from "../support/accounts";
import { answerCard } from "../support/inquiry-card";
import { chooseLanguage, openUserMenu } from "../support/user-menu";

const CHINESE_MENU = { desk: "账号菜单", phone: "更多" };

// Playwright's locale sets the browser's Accept-Language (and navigator.language).
test.use({ locale: "zh-CN" });

test("a Chinese browser gets the card in Chinese, and the language switch turns it English", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.getByLabel("用户名").fill(uniqueUsername("zh"));
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByRole("button", { name: "创建账号" }).click();
  await expect(page).toHaveURL(/\/chat/);

  await page.getByLabel("消息").fill("What's the weather tomorrow?");
  await page.getByRole("button", { name: "发送" }).click();

  const card = page.getByTestId("inquiry-card");
  // The question is the agent's own words: never translated.
  await expect(card).toContainText("Which city");
  await expect(card.getByRole("button", { name: "回答", exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "拒绝回答" })).toBeVisible();
  await expect(card.getByLabel("你的回答")).toBeVisible();
  await expect(card.getByTestId("inquiry-countdown")).toContainText("剩余");

  await chooseLanguage(page, "English", CHINESE_MENU);

  await expect(card.getByRole("button", { name: "Answer", exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Decline to answer" })).toBeVisible();
  await expect(card.getByTestId("inquiry-countdown")).toContainText("left");
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Inbox");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await answerCard(card, "Hangzhou");
  await expect(page.getByTestId("inquiry-closed")).toHaveText(
    /^You answered “Hangzhou” on .+ · \d{2}:\d{2}$/,
  );
  // The closed card's summary follows a later language switch too.
  await chooseLanguage(page, "简体中文");
  await expect(page.getByTestId("inquiry-closed")).toHaveText(
    /^你在 .+ 上回答了“Hangzhou” · \d{2}:\d{2}$/,
  );
  await chooseLanguage(page, "English", CHINESE_MENU);
  await expect(page.getByTestId("assistant-message").last()).toContainText("Hangzhou");

  // The choice is remembered (ih_locale) over the browser's language.
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByRole("menuitemradio", { name: "English" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(page).toHaveTitle(/Inbox · Inquiry Hub/);
});
