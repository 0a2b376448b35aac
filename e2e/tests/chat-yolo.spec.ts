import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { UserSettingsSchema } from "@inquiry-hub/protocol";
import { logInThroughUi, registerThroughUi, sendChatMessage } from "../support/accounts";
import { installTraps } from "../support/browser-traps";
import { WEB_URL } from "../support/ports";
import { expectYolo, switchYolo } from "../support/user-menu";

const ASKS_A_COLOUR = "Pick a colour for the logo";

/** The end of the person's YOLO period as the chat shows it (hours and minutes, English). */
async function shownUntil(page: Page): Promise<string> {
  const response = await page.request.get("/api/settings");
  const until = UserSettingsSchema.parse(await response.json()).yolo.until;
  expect(until, "YOLO has an end").toBeDefined();
  return page.evaluate(
    (iso) => new Date(iso).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" }),
    until ?? "",
  );
}

test("a link to /chat?yolo=1 does not switch the gate off: the question card still appears", async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto("/chat?yolo=1");
  await expectYolo(page, "off");
  await expect(page.getByTestId("yolo-banner")).toHaveCount(0);

  await sendChatMessage(page, ASKS_A_COLOUR);

  const card = page.getByTestId("inquiry-card");
  await expect(card.getByTestId("suggested-answer")).toContainText("blue");
  await card.getByRole("button", { name: "Use suggested answer" }).click();
  await expect(page.getByTestId("assistant-message").last()).toContainText(
    "I picked blue, as you chose.",
  );
});

test("a chat request asking for yolo: true is refused with a 400 naming the field", async ({
  page,
}) => {
  await registerThroughUi(page);
  const response = await page.request.post("/api/chat", {
    headers: { origin: WEB_URL },
    data: { text: ASKS_A_COLOUR, yolo: true },
  });
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("BAD_REQUEST");
  expect(body.error.message).toContain("yolo");
});

test("the chat shows while YOLO is on and until when, on every device, and hides it when off", async ({
  page,
  context,
  browser,
}) => {
  const traps = await installTraps(context, page);
  const username = await registerThroughUi(page);
  const banner = page.getByTestId("yolo-banner");
  await expect(banner).toHaveCount(0);

  await switchYolo(page, "on", { forOneHour: true });
  await expect(banner).toHaveText(
    `YOLO is on until ${await shownUntil(page)} — the agent decides without asking you.`,
  );

  const elsewhere = await (await browser.newContext()).newPage();
  await logInThroughUi(elsewhere, username);
  await expect(elsewhere.getByTestId("yolo-banner")).toBeVisible();
  await switchYolo(elsewhere, "off");
  await expect(elsewhere.getByTestId("yolo-banner")).toHaveCount(0);
  await expect(banner, "the switch on another device removes it here too").toHaveCount(0);

  await switchYolo(page, "on");
  await expect(banner).toHaveText(
    "YOLO is on until you turn it off — the agent decides without asking you.",
  );
  await switchYolo(page, "off");
  await expect(banner).toHaveCount(0);
  expect(traps.cspViolations, "the banner needs no inline style").toEqual([]);
  await elsewhere.context().close();
});

test("a chat opened with ?yolo=0 still asks while YOLO is on, and says so", async ({ page }) => {
  await registerThroughUi(page);
  await switchYolo(page, "on");

  await page.goto("/chat?yolo=0");
  await expect(page.getByTestId("yolo-banner")).toHaveText(
    "YOLO is on, but this chat always asks you.",
  );
  await sendChatMessage(page, ASKS_A_COLOUR);
  await expect(page.getByTestId("inquiry-card").getByTestId("suggested-answer")).toContainText(
    "blue",
  );
});
