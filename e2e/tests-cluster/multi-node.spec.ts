import { expect, test } from "@playwright/test";
import { logInThroughUi, registerThroughUi } from "../support/accounts";
import { CLUSTER_WEB_NODE1_URL } from "../support/cluster-ports";
import { startClusterProduct } from "../support/cluster-product";
import type { ClusterProduct } from "../support/cluster-product";
import { askWhichCity, expectOneWeatherReply } from "../support/durable-chat";
import { answerCard } from "../support/inquiry-card";
import { questionReachesEveryDeviceAndLeavesOnAnswer } from "../support/multi-device";

/** One two-node product for the file: its tests stay in one worker, in order. */
test.describe.configure({ mode: "default" });

let product: ClusterProduct | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  product = await startClusterProduct();
});

test.afterAll(async () => {
  await product?.stop();
});

/**
 * Against two hub nodes on one Redis (support/cluster-product.ts). The agent's MCP
 * call is held on node 1; the chat, the phone and the stranger use the web served by node 2,
 * the second desktop tab a web served by node 1. So the question crosses from node 1 to the
 * devices on node 2, and the phone's answer crosses from node 2 back to the waiting call.
 */
test("across two hub nodes, a question reaches every device and leaves them all on the phone's answer", async ({
  browser,
}) => {
  await questionReachesEveryDeviceAndLeavesOnAnswer(browser, {
    inboxBaseURL: CLUSTER_WEB_NODE1_URL,
  });
});

/**
 * Two agent nodes keep their runs in the suite's Redis. The chat starts on the web whose agent
 * is node 1; the second desktop opens the same conversation on the web whose agent is node 2,
 * so its page re-attaches to a run that node 2 never ran, answers the question there, and both
 * pages get the reply.
 */
test("a run started through one agent node is followed and answered through the other", async ({
  browser,
}) => {
  const chat = await (await browser.newContext()).newPage();
  const username = await registerThroughUi(chat);
  const conversation = await askWhichCity(chat);

  const other = await (await browser.newContext({ baseURL: CLUSTER_WEB_NODE1_URL })).newPage();
  await logInThroughUi(other, username);
  await other.goto(conversation);
  const card = other.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await answerCard(card, "Valencia");

  await expectOneWeatherReply(other, "Valencia");
  await expectOneWeatherReply(chat, "Valencia");
});
