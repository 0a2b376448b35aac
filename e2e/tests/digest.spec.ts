import { rm } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { registerThroughUi, sendChatMessage } from "../support/accounts";
import { callHubApi, sessionToken } from "../support/channels";
import { chatWeatherAnswered } from "../support/inquiry-card";
import { WEB_URL } from "../support/ports";
import { E2E_SANDBOX_DIR } from "../support/sandbox";

/** This spec's own sandbox file, so other specs never see it. */
const YOLO_NOTE = "digest-yolo.txt";

test("the digest lists a day's decisions: who decided each, linked to history, in English and Chinese", async ({
  page,
  context,
}) => {
  await rm(path.join(E2E_SANDBOX_DIR, YOLO_NOTE), { force: true });
  await registerThroughUi(page);
  await chatWeatherAnswered(page);
  const on = await callHubApi("/api/settings", {
    method: "PUT",
    token: await sessionToken(context),
    body: { yolo: { enabled: true } },
  });
  expect(on.status).toBe(200);
  await sendChatMessage(page, `save a note saying hello to ${YOLO_NOTE}`);
  await expect(page.getByTestId("assistant-message").last()).toContainText(
    `Saved the file ${YOLO_NOTE}`,
  );

  await page.goto("/history");
  await page.getByTestId("history-digest-link").click();
  await expect(page.getByRole("heading", { name: "Daily digest" })).toBeVisible();
  // The page opens on yesterday; today is one step on.
  await page.getByRole("button", { name: "Next day" }).click();
  await expect(page.getByRole("button", { name: "Next day" })).toBeDisabled();

  const totals = page.getByTestId("digest-totals");
  await expect(totals).toContainText("Asked2");
  await expect(totals).toContainText("Approved or answered2");
  const answered = page.getByTestId("digest-item").filter({ hasText: "Which city" });
  await expect(answered).toContainText("Answered");
  await expect(answered).toContainText("by you on ");
  const yolo = page.getByTestId("digest-item").filter({ hasText: "write_file" });
  await expect(yolo).toContainText("Approved");
  await expect(yolo).toContainText("by YOLO, without asking");

  await yolo.getByRole("link").click();
  await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("history-detail-status")).toContainText("Approved");

  // A digest notification links its day: the page opens on it, and the address follows the day.
  const [yesterday, today] = await page.evaluate(() =>
    [1, 0].map((ago) => {
      const now = new Date();
      const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ago);
      const pad = (value: number) => String(value).padStart(2, "0");
      return `${String(day.getFullYear())}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    }),
  );
  await page.goto(`/digest?day=${today ?? ""}`);
  await expect(page.getByLabel("Day", { exact: true })).toHaveValue(today ?? "");
  await expect(totals).toContainText("Asked2");
  await expect(page.getByRole("button", { name: "Next day" })).toBeDisabled();
  await page.getByRole("button", { name: "Previous day" }).click();
  await expect(page).toHaveURL(new RegExp(`/digest\\?day=${yesterday ?? ""}$`));
  await expect(totals).toContainText("Asked0");
  await page.reload();
  await expect(page.getByLabel("Day", { exact: true })).toHaveValue(yesterday ?? "");
  await expect(page.getByTestId("digest-bad-day")).toHaveCount(0);

  // A day the page cannot show (not on the calendar, or still to come) opens on yesterday, saying so.
  for (const bad of ["2026-02-30", "9999-01-01", "soon"]) {
    await page.goto(`/digest?day=${bad}`);
    await expect(page.getByTestId("digest-bad-day")).toBeVisible();
    await expect(page.getByLabel("Day", { exact: true })).toHaveValue(yesterday ?? "");
    await expect(totals).toContainText("Asked");
  }

  await context.addCookies([{ name: "ih_locale", value: "zh-CN", url: WEB_URL }]);
  await page.goto("/digest");
  await expect(page.getByRole("heading", { name: "每日摘要" })).toBeVisible();
  await page.getByRole("button", { name: "后一天" }).click();
  await expect(page.getByTestId("digest-item").filter({ hasText: "write_file" })).toContainText(
    "已批准",
  );
});
