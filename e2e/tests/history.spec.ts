import { rm } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { MeResponseSchema } from "@inquiry-hub/protocol";
import { registerThroughUi, sendChatMessage } from "../support/accounts";
import { callHubApi, sessionToken } from "../support/channels";
import { chatWeatherAnswered } from "../support/inquiry-card";
import { WEB_URL } from "../support/ports";
import { E2E_SANDBOX_DIR } from "../support/sandbox";

/** Sandbox files of this spec's approvals, each its own so other specs never see them. */
const EDITED_NOTE = "history-edited.txt";
const YOLO_NOTE = "history-yolo.txt";

/** The name the hub gave the page's own device. */
async function thisDeviceName(page: Page): Promise<string> {
  const me = await callHubApi("/api/auth/me", { token: await sessionToken(page.context()) });
  expect(me.status).toBe(200);
  return MeResponseSchema.parse(await me.json()).device.name;
}

test("history lists a resolved inquiry with the answering device and its audit trail, dates in the page's language", async ({
  page,
  context,
}) => {
  await registerThroughUi(page);
  const deviceName = await thisDeviceName(page);
  await chatWeatherAnswered(page);

  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "History" })).toBeVisible();
  const row = page.getByTestId("history-row").filter({ hasText: "Which city" });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("history-decision")).toHaveText("Answered");
  await expect(row).toContainText("Hangzhou");
  await expect(row.getByTestId("history-resolution")).toContainText(`on ${deviceName}`);
  await expect(row.getByTestId("history-yolo")).toHaveCount(0);
  await expect(row.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/);

  await page.getByLabel("Status").selectOption("timeout");
  await expect(page.getByTestId("history-row")).toHaveCount(0);
  await page.getByLabel("Status").selectOption("answered");
  await expect(row).toHaveCount(1);

  await row.getByRole("link").click();
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Asked");
  await expect(entries.nth(1)).toContainText(`Waiting → Answered by ${deviceName}`);

  await context.addCookies([{ name: "ih_locale", value: "zh-CN", url: WEB_URL }]);
  await page.goto("/history");
  const chineseRow = page.getByTestId("history-row").filter({ hasText: "Hangzhou" });
  await expect(chineseRow.getByTestId("history-decision")).toHaveText("已回答");
  await expect(chineseRow.locator("time")).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
});

test("history shows edited arguments: the row says what ran, the detail puts it beside what the agent asked", async ({
  page,
}) => {
  await rm(path.join(E2E_SANDBOX_DIR, EDITED_NOTE), { force: true });
  await registerThroughUi(page);
  const deviceName = await thisDeviceName(page);
  await sendChatMessage(page, `save a note saying hello to ${EDITED_NOTE}`);
  const card = page.getByTestId("approval-card");
  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("content", { exact: true }).fill("hello from the history test");
  await card.getByRole("button", { name: "Approve with these changes" }).click();
  await expect(card).toHaveCount(0);

  await page.goto("/history");
  const row = page.getByTestId("history-row").filter({ hasText: EDITED_NOTE });
  await expect(row.getByTestId("history-tool")).toHaveText("write_file");
  await expect(row.getByTestId("history-decision")).toHaveText("Approved with edits");
  await expect(row.getByTestId("history-arguments")).toContainText(
    "content: hello from the history test",
  );
  await expect(row).toContainText("Edited: content");
  await expect(row.getByTestId("history-resolution")).toContainText(`on ${deviceName}`);
  await expect(row, "no raw markdown in the list").not.toContainText("```");

  await row.getByRole("link").click();
  const content = page.getByRole("row", { name: /^content/ });
  await expect(content).toHaveAttribute("data-changed", "true");
  await expect(content.getByTestId("history-asked-value")).toContainText("hello");
  await expect(content.getByTestId("history-ran-value")).toContainText(
    "hello from the history test",
  );
  const unchanged = page.getByRole("row", { name: /^path/ });
  await expect(unchanged).toHaveAttribute("data-changed", "false");
  await expect(page.getByTestId("history-detail-status")).toContainText("Approved with edits");
  await expect(page.getByTestId("history-decided-by")).toHaveText(`You, on ${deviceName}`);
});

test("history marks a decision YOLO made, with no device", async ({ page }) => {
  await rm(path.join(E2E_SANDBOX_DIR, YOLO_NOTE), { force: true });
  await registerThroughUi(page);
  const on = await callHubApi("/api/settings", {
    method: "PUT",
    token: await sessionToken(page.context()),
    body: { yolo: { enabled: true } },
  });
  expect(on.status).toBe(200);
  await sendChatMessage(page, `save a note saying hello to ${YOLO_NOTE}`);
  await expect(page.getByTestId("assistant-message").last()).toContainText(
    `Saved the file ${YOLO_NOTE}`,
  );

  await page.goto("/history");
  const row = page.getByTestId("history-row").filter({ hasText: YOLO_NOTE });
  await expect(row.getByTestId("history-decision")).toHaveText("Approved");
  await expect(row.getByTestId("history-yolo")).toHaveText("YOLO");
  await expect(row.getByTestId("history-resolution")).toContainText("by YOLO, without asking");
  await expect(row.getByTestId("history-resolution")).not.toContainText(" on ");
});
