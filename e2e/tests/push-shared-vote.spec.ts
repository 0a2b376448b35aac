import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { devices, expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { PASSWORD, logInThroughUi, registerThroughUi, uniqueUsername } from "../support/accounts";
import { FULL_BROWSER_LAUNCH_OPTIONS } from "../support/browser";
import { callHubApi, sessionToken } from "../support/channels";
import { connectHubMcp } from "../support/hub-mcp";
import { productProcesses } from "../support/product-processes";
import type { ProductPorts, ProductProcesses } from "../support/product-processes";
import { awayWithPush, clickAction, showPush, shown } from "../support/push-worker";

// The service worker shows notifications here, which only the full browser does.
test.use({ launchOptions: FULL_BROWSER_LAUNCH_OPTIONS });

/**
 * A proxy policy names its team by id, which exists only once the team was made on a running
 * hub; so this file runs its own product (as the operator would: make the team, write its id
 * into the proxy config, restart the hub), on ports apart from the other parts' (see
 * support/ports.ts).
 */
const PORTS: ProductPorts = { web: 3350, hub: 4350, agent: 4351, demoTools: 4352 };
const DIR = path.join(tmpdir(), "inquiry-hub-e2e-shared-vote");
/** Where productProcesses wrote the hub's proxy config (support/product-processes.ts). */
const PROXY_CONFIG = path.join(DIR, "proxy.json");

let product: ProductProcesses;
let receiver: LoopbackReceiver;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = await startLoopbackReceiver();
  // The hub pushes to the loopback receiver only when private endpoints are allowed.
  product = productProcesses(PORTS, DIR, { hub: { HUB_PUSH_ALLOW_PRIVATE: "1" } });
  await product.startTogether(["demoTools", "hub", "web"]);
});

test.afterAll(async () => {
  await product.stopAll();
  await receiver.close();
});

async function newPage(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  return (await browser.newContext({ ...options, baseURL: product.webUrl })).newPage();
}

async function hubJson(
  path: string,
  init: { token?: string; body?: unknown },
  status: number,
): Promise<unknown> {
  const response = await callHubApi(path, { ...init, hubUrl: product.hubUrl });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(status);
  return response.json();
}

/** Rows of the upstream's notes table with this title: what forwarded INSERTs did. */
async function rowsTitled(agent: Client, title: string): Promise<number> {
  const select = await agent.callTool({
    name: "execute_sql",
    arguments: { query: "SELECT * FROM notes" },
  });
  const text = (select.content as { type: string; text?: string }[])
    .map((part) => part.text ?? "")
    .join("");
  return text.split(`"title": "${title}"`).length - 1;
}

/** Team ops: A (owner) and B (approver); INSERTs need both, as execute_sql's policy says. */
async function gateInsertsOnTeam(first: Page, second: Page): Promise<void> {
  const team = (await hubJson(
    "/api/teams",
    { token: await sessionToken(first.context()), body: { name: uniqueUsername("ops") } },
    201,
  )) as { id: string };
  const { code } = (await hubJson(
    `/api/teams/${team.id}/invitations`,
    { token: await sessionToken(first.context()), body: { role: "approver" } },
    201,
  )) as { code: string };
  await hubJson(
    "/api/teams/invitations/claim",
    { token: await sessionToken(second.context()), body: { code } },
    200,
  );
  const config = JSON.parse(await readFile(PROXY_CONFIG, "utf8")) as {
    upstreams: { demo: { tools: Record<string, unknown> } };
  };
  config.upstreams.demo.tools.execute_sql = {
    description: "Run this SQL on the notes table: {args.query}",
    when: [{ arg: "query", sql: ["insert"] }],
    approvers: { team_id: team.id },
    approvals_required: 2,
  };
  await writeFile(PROXY_CONFIG, JSON.stringify(config, null, 2));
  await product.stop("hub");
  await product.start("hub");
}

test("a shared approval counts a push notification's Approve as that person's vote", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const firstDesktop = await newPage(browser);
  const first = await registerThroughUi(firstDesktop);
  const firstPhone = await newPage(browser, { ...devices["Pixel 7"] });
  await logInThroughUi(firstPhone, first);
  const secondDesktop = await newPage(browser);
  await registerThroughUi(secondDesktop);
  await gateInsertsOnTeam(firstDesktop, secondDesktop);

  const { worker, decrypt } = await awayWithPush(firstPhone, receiver, "first", product.hubUrl);
  await firstDesktop.goto("/inbox");
  await secondDesktop.goto("/inbox");
  const requester = (await hubJson(
    "/api/auth/register",
    { body: { username: uniqueUsername("requester"), password: PASSWORD } },
    201,
  )) as { token: string };
  const agent = await connectHubMcp(requester.token, "/proxy/demo/mcp", product.hubUrl);
  const title = `shared-${randomUUID()}`;
  const call = agent.callTool(
    { name: "execute_sql", arguments: { query: `INSERT INTO notes (title) VALUES ('${title}')` } },
    undefined,
    { timeout: 120_000 },
  );

  const [pushed] = await receiver.waitForCount(1, 15_000);
  expect(pushed?.path).toBe("/push/first");
  const message = decrypt(pushed?.body);
  if (message.type !== "inquiry:new") throw new Error(`unexpected push ${message.type}`);
  expect(message.actions).toEqual([{ type: "approve" }, { type: "reject" }]);
  const inquiryId = message.inquiry.id;
  await showPush(worker, message);
  expect(await shown(worker, inquiryId)).toEqual([
    { title: "Approval needed", kind: "question", actions: ["Approve", "Reject"] },
  ]);
  const firstCard = firstDesktop.getByTestId("approval-card");
  const secondCard = secondDesktop.getByTestId("approval-card");
  await expect(firstCard).toBeVisible();
  await expect(secondCard).toBeVisible();

  await clickAction(worker, inquiryId, "approve");

  expect(await shown(worker, inquiryId)).toEqual([
    { title: `Your vote is counted on ${message.deviceName}`, kind: "outcome", actions: [] },
  ]);
  await expect(firstCard.getByTestId("approval-progress")).toHaveText("1 of 2 approvals");
  await expect(secondCard.getByTestId("approval-progress")).toHaveText("1 of 2 approvals");
  expect(await rowsTitled(agent, title)).toBe(0);

  await secondCard.getByRole("button", { name: "Approve" }).click();

  const result = await call;
  expect(result.isError).not.toBe(true);
  expect(JSON.stringify(result.content)).toContain("1 row inserted");
  await expect(firstCard).toHaveCount(0);
  await expect(secondCard).toHaveCount(0);
  expect(await rowsTitled(agent, title)).toBe(1);

  // The phone's question notification is closed by the withdrawal; what happened stays.
  const [, withdrawn] = await receiver.waitForCount(2, 15_000);
  expect(decrypt(withdrawn?.body)).toEqual({
    type: "inquiry:withdrawn",
    inquiryId,
    status: "answered",
  });
  await showPush(worker, decrypt(withdrawn?.body));
  expect(await shown(worker, inquiryId)).toEqual([
    { title: `Your vote is counted on ${message.deviceName}`, kind: "outcome", actions: [] },
  ]);
  await agent.close();
});
