import { expect, test } from "@playwright/test";
import { InquirySchema, AuthResponseSchema } from "@inquiry-hub/protocol";
import {
  logInThroughUi,
  registerThroughUi,
  sendChatMessage,
  uniqueUsername,
} from "../support/accounts";
import { HUB_URL } from "../support/ports";
import { openInbox } from "../support/second-device";
import {
  closeUserMenu,
  expectYolo,
  openUserMenu,
  switchYolo,
  yoloItem,
} from "../support/user-menu";

test("a list of questions is answered in a markdown editor pre-filled with them", async ({
  page,
}) => {
  await registerThroughUi(page);
  await sendChatMessage(page, "Please plan a trip for me");
  const card = page.getByTestId("inquiry-card");
  const editor = card.getByLabel("Your answers (markdown)");
  await expect(editor).toHaveValue(/- Where would you like to go\?\n {2}\n- How many days\?/);

  await editor.fill(
    "- Where would you like to go?\n  Lisbon\n- How many days?\n  4\n- What is your budget?\n  900 EUR",
  );
  await card.getByRole("button", { name: "Send answers" }).click();

  await expect(card).toHaveCount(0);
  const reply = page.getByTestId("assistant-message").last();
  await expect(reply).toContainText("Here is your trip plan");
  await expect(reply).toContainText("Lisbon");
  await expect(reply).toContainText("900 EUR");
});

test("a questionnaire is a form whose answers come back as question/answer pairs", async ({
  page,
}) => {
  await registerThroughUi(page);
  await sendChatMessage(page, "Book a table for tonight");
  const form = page.getByTestId("questionnaire-form");
  await expect(form).toBeVisible();

  await form.getByLabel("How many people? (required)").fill("4");
  await form.getByLabel("What time? (required)").selectOption("20:00");
  await form.getByLabel("Sit on the terrace?").check();
  await form.getByRole("button", { name: "Submit answers" }).click();

  await expect(page.getByTestId("inquiry-card")).toHaveCount(0);
  const reply = page.getByTestId("assistant-message").last();
  await expect(reply).toContainText("How many people?: 4");
  await expect(reply).toContainText("What time?: 20:00");
  await expect(reply).toContainText("Sit on the terrace?: yes");
});

test("the suggested answer is shown and submitted as is with one click", async ({ page }) => {
  await registerThroughUi(page);
  await sendChatMessage(page, "Pick a colour for the logo");
  const card = page.getByTestId("inquiry-card");
  await expect(card.getByTestId("suggested-answer")).toContainText("blue");
  await expect(card.getByLabel("Your answer")).toHaveValue("blue");

  await card.getByRole("button", { name: "Use suggested answer" }).click();

  await expect(card).toHaveCount(0);
  await expect(page.getByTestId("assistant-message").last()).toContainText(
    "I picked blue, as you chose.",
  );
});

test("with YOLO on, no card appears on any device and the agent decides itself", async ({
  page,
  browser,
}) => {
  const username = await registerThroughUi(page);
  const inbox = await openInbox(browser, username);
  await expectYolo(inbox, "off");

  // The menu's item shows the hub's state: it flips once the setting is saved, not on the click.
  await switchYolo(page, "on", { forOneHour: true });
  await openUserMenu(inbox);
  await expect(yoloItem(inbox)).toHaveAttribute("aria-checked", "true");
  await expect(inbox.getByTestId("yolo-toggle")).toContainText("until");
  await closeUserMenu(inbox);

  await sendChatMessage(page, "Pick a colour for the logo");
  await expect(page.getByTestId("assistant-message").last()).toContainText(
    "You left this to me, so I decided myself: blue.",
  );
  await expect(page.getByTestId("inquiry-card")).toHaveCount(0);
  await expect(inbox.getByTestId("inquiry-card")).toHaveCount(0);
  await expect(inbox.getByText("Nothing is waiting for you.")).toBeVisible();

  await switchYolo(inbox, "off");
  await expectYolo(page, "off");
});

test("two inboxes count down together: exactly one timeout, both cards gone", async ({
  page,
  browser,
  request,
}) => {
  const username = uniqueUsername();
  const registered = await request.post(`${HUB_URL}/api/auth/register`, {
    data: { username, password: "correct horse battery" },
  });
  const { token } = AuthResponseSchema.parse(await registered.json());
  const [first, second] = [await openInbox(browser, username), await openInbox(browser, username)];

  await logInThroughUi(page, username);
  await page.goto("/chat?inquiryTimeout=4");
  await sendChatMessage(page, "What's the weather tomorrow?");
  const cards = [first, second].map((inbox) => inbox.getByTestId("inquiry-card"));
  for (const card of cards) await expect(card.getByTestId("inquiry-countdown")).toBeVisible();

  // The hub's backstop waits 30 s past the deadline in this suite: only the devices' own
  // countdowns can close the cards this early.
  for (const card of cards) await expect(card).toHaveCount(0, { timeout: 12_000 });
  await expect(page.getByTestId("assistant-message").last()).toContainText("No answer came");

  const listed = await request.get(`${HUB_URL}/api/inquiries`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const inquiries = InquirySchema.array().parse(await listed.json());
  expect(inquiries).toHaveLength(1);
  const one = await request.get(`${HUB_URL}/api/inquiries/${inquiries[0]?.id ?? ""}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const inquiry = InquirySchema.parse(await one.json());
  expect(inquiry.status).toBe("timeout");
  expect(inquiry.resolution?.byDeviceId).toBeDefined();
});
