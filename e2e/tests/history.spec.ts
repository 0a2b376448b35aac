import { expect, test } from "@playwright/test";
import { registerThroughUi } from "../support/accounts";
import { chatWeatherAnswered } from "../support/inquiry-card";

test("history lists a resolved inquiry with the answering device and its audit trail", async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto("/devices");
  const deviceName =
    (await page
      .getByTestId("device-row")
      .filter({ hasText: "This device" })
      .locator(".device-row__name")
      .textContent()) ?? "";
  expect(deviceName).not.toBe("");

  await page.goto("/chat");
  await chatWeatherAnswered(page);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "History" })
    .click();
  await expect(page.getByRole("heading", { name: "History" })).toBeVisible();
  const row = page.getByTestId("history-row").filter({ hasText: "Which city" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Answered");
  await expect(row).toContainText("Hangzhou");
  await expect(row.getByTestId("history-resolution")).toContainText(`on ${deviceName}`);

  await page.getByLabel("Status").selectOption("timeout");
  await expect(page.getByTestId("history-row")).toHaveCount(0);
  await page.getByLabel("Status").selectOption("answered");
  await expect(row).toHaveCount(1);

  await row.getByRole("link").click();
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Asked");
  await expect(entries.nth(1)).toContainText(`Waiting → Answered by ${deviceName}`);
});
