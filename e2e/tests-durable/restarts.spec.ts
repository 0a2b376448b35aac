import { expect, test } from "@playwright/test";
import { logInThroughUi } from "../support/accounts";
import { sessionToken } from "../support/channels";
import { DURABLE_DIR, DURABLE_PORTS } from "../support/durable-ports";
import { expectOneWeatherReply, questionOnChatAndPhone } from "../support/durable-chat";
import { answerCard } from "../support/inquiry-card";
import { productProcesses } from "../support/product-processes";
import type { ProductProcesses } from "../support/product-processes";

/**
 * Issue 17's restarts, on the built product with its default embedded stores: the agent killed
 * with SIGKILL while a question waits, and the whole product stopped and started again.
 */
test.describe.configure({ mode: "serial" });

let product: ProductProcesses;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  product = productProcesses(DURABLE_PORTS, DURABLE_DIR);
  await product.startAll();
});

test.afterAll(async () => {
  await product.stopAll();
});

/** The person's history as the hub keeps it, newest first. */
async function historyStatuses(token: string): Promise<string[]> {
  const response = await fetch(`${product.hubUrl}/api/history`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: { status: string }[] };
  return body.items.map((item) => item.status);
}

test("kill -9 of the agent while a question waits: the run resumes, one question, the reply on both devices", async ({
  browser,
}) => {
  const { chatContext, chat, phone, conversation } = await questionOnChatAndPhone(browser);
  const phoneCard = phone.getByTestId("inquiry-card");

  await product.kill("agent");
  await product.start("agent");

  await expect(phoneCard).toHaveCount(1);
  await answerCard(phoneCard, "Lisbon");
  await expect(phoneCard).toHaveCount(0);

  await expectOneWeatherReply(chat, "Lisbon");
  await phone.goto(conversation);
  await expectOneWeatherReply(phone, "Lisbon");
  expect(await historyStatuses(await sessionToken(chatContext))).toEqual(["answered"]);
});

test("stop and start the whole product: the account, the phone, the conversation and the open question are all still there", async ({
  browser,
}) => {
  const { chatContext, phone, username, conversation } = await questionOnChatAndPhone(browser);
  await chatContext.close();

  await product.stopAll();
  await product.startAll();

  const desktop = await (await browser.newContext()).newPage();
  await logInThroughUi(desktop, username);
  await desktop.goto(conversation);
  await expect(desktop.getByTestId("user-message")).toHaveCount(1);

  await phone.reload();
  await expect(phone.getByRole("heading", { name: "Inbox" })).toBeVisible();
  const phoneCard = phone.getByTestId("inquiry-card");
  await expect(phoneCard).toContainText("Which city");
  await answerCard(phoneCard, "Porto");
  await expect(phoneCard).toHaveCount(0);

  await expectOneWeatherReply(desktop, "Porto");
  expect(await historyStatuses(await sessionToken(desktop.context()))).toEqual(["answered"]);
});
