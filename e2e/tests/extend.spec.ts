import { expect, test } from "@playwright/test";
import { questionOnTwoDevices } from "../support/second-device";
import { answerCard } from "../support/inquiry-card";

test("Extend moves the countdown on both devices and the agent's MCP call outlives the old deadline", async ({
  browser,
}) => {
  // An 8 s deadline; the hub's backstop waits 30 s more in this suite, so without Extend
  // the devices' own countdowns would answer `timeout` at 8 s.
  const { chat, inboxCard, chatCard, countdowns } = await questionOnTwoDevices(browser, 8);
  for (const countdown of countdowns) await expect(countdown).toHaveText(/^0:0\d left$/);

  // One step (60 s by default) from the other device: 8 s + 60 s, shown as 1:0x on both.
  await inboxCard.getByRole("button", { name: "More time" }).click();
  for (const countdown of countdowns) await expect(countdown).toHaveText(/^1:0\d left$/);

  // 0:5x left means more than 9 s have passed since the question: the old deadline is gone
  // and neither device answered `timeout`.
  for (const countdown of countdowns)
    await expect(countdown).toHaveText(/^0:5\d left$/, { timeout: 20_000 });
  await expect(inboxCard).toBeVisible();

  await answerCard(chatCard, "Hangzhou");
  await expect(inboxCard).toHaveCount(0, { timeout: 2_000 });
  await expect(chat.getByTestId("assistant-message").last()).toContainText("Hangzhou");
});
