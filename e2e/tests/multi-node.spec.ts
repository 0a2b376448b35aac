import { test } from "@playwright/test";
import { CLUSTER_WEB_NODE1_URL } from "../support/cluster-ports";
import { questionReachesEveryDeviceAndLeavesOnAnswer } from "../support/multi-device";

/**
 * Run by playwright.cluster.config.ts against two hub nodes on one Redis. The agent's MCP
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
