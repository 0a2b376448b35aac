import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AgentKeyListResponseSchema, HUB_TOOL_NAMES } from "@inquiry-hub/protocol";
import { registerThroughUi } from "../support/accounts";
import { installTraps } from "../support/browser-traps";
import { callHubApi } from "../support/channels";
import { connectHubMcp } from "../support/hub-mcp";
import { HUB_URL, WEB_URL } from "../support/ports";

const KEY_NAME = "build bot";

/** Creates a key through the page and returns the secret it shows, the only time it does. */
async function createKeyThroughUi(page: Page, name: string, days: string): Promise<string> {
  await page.getByLabel("Name").fill(name);
  const expiry = page.getByLabel("Expires after");
  await expect(expiry).toHaveValue("30");
  await expiry.selectOption(days);
  await page.getByRole("button", { name: "Create key" }).click();
  const panel = page.getByTestId("agent-key-secret");
  await expect(panel).toContainText("you will not see this secret again");
  const secret = await panel.getByLabel("Secret").inputValue();
  expect(secret.length, "a secret is shown").toBeGreaterThan(20);
  return secret;
}

/** The hub's own answer to an MCP initialize carrying `secret` as the bearer. */
async function mcpStatusWith(secret: string): Promise<number> {
  const response = await fetch(`${HUB_URL}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${secret}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "e2e-agent-keys", version: "1.0.0" },
      },
    }),
  });
  await response.body?.cancel();
  return response.status;
}

test("an agent key: its secret is shown once, it works on /mcp, and is refused once revoked", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await registerThroughUi(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Agent keys" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Agent keys" })).toBeVisible();
  await expect(page.getByTestId("agent-key-endpoints")).toContainText(`${HUB_URL}/mcp`);

  const secret = await createKeyThroughUi(page, KEY_NAME, "90");
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const row = page.getByTestId("agent-key-row").filter({ hasText: KEY_NAME });
  await expect(row.getByTestId("agent-key-status")).toHaveText("Active");
  await expect(row).toContainText("Never used");

  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByTestId("agent-key-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  const listed = await page.request.get("/api/agent-keys");
  expect(await listed.text()).not.toContain(secret);
  const [key] = AgentKeyListResponseSchema.parse(await listed.json()).keys;
  const lifetimeDays =
    (Date.parse(key?.expiresAt ?? "") - Date.parse(key?.createdAt ?? "")) / 86_400_000;
  expect(lifetimeDays).toBeCloseTo(90, 3);

  const agent = await connectHubMcp(secret);
  const tools = (await agent.listTools()).tools.map((tool) => tool.name);
  expect(tools).toContain(HUB_TOOL_NAMES.sendInquiry);
  expect(tools, "an agent key never resolves an inquiry").not.toContain(
    HUB_TOOL_NAMES.respondInquiry,
  );
  await agent.close();
  expect((await callHubApi("/api/agent-keys", { token: secret })).status).toBe(403);

  const actions = row.getByRole("button", { name: `Actions for ${KEY_NAME}` });
  const confirm = page.getByRole("dialog", { name: `Revoke “${KEY_NAME}”?` });
  await actions.click();
  await page.getByRole("menuitem", { name: `Revoke ${KEY_NAME}` }).click();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(actions, "focus goes back to the menu's button").toBeFocused();
  await expect(row.getByTestId("agent-key-status")).toHaveText("Active");

  await actions.click();
  await page.getByRole("menuitem", { name: `Revoke ${KEY_NAME}` }).click();
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(row.getByTestId("agent-key-status")).toHaveText("Revoked");
  await expect(row.getByRole("button"), "a revoked key has no actions").toHaveCount(0);

  expect(await mcpStatusWith(secret)).toBe(401);
  const refused = await connectHubMcp(secret).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(StreamableHTTPError);
  expect((refused as StreamableHTTPError).code).toBe(401);
});

test("the agent keys page fits a phone, passes every axe WCAG A/AA rule and the CSP", async ({
  context,
  page,
}) => {
  const traps = await installTraps(context, page);
  await page.setViewportSize({ width: 360, height: 740 });
  await registerThroughUi(page);
  await page.goto("/agent-keys");
  await createKeyThroughUi(page, "a phone-width key with a rather long name to wrap", "7");
  await expect(page.getByTestId("agent-key-row")).toHaveCount(1);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.passes.length, "axe ran its rules").toBeGreaterThan(0);
  const violations = results.violations.map((violation) => `${violation.id}: ${violation.help}`);
  expect(violations).toEqual([]);
  expect(traps.cspViolations, "no inline style or script the CSP had to block").toEqual([]);
});

test("another site cannot create or revoke a key, and a bad body is refused naming the field", async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto("/agent-keys");
  const secret = await createKeyThroughUi(page, "kept key", "30");
  const before = AgentKeyListResponseSchema.parse(
    await (await page.request.get("/api/agent-keys")).json(),
  );

  const foreignCreate = await page.request.post("/api/agent-keys", {
    headers: { origin: "https://attacker.example" },
    data: { name: "planted" },
  });
  expect(foreignCreate.status()).toBe(403);
  const [kept] = before.keys;
  const foreignRevoke = await page.request.delete(`/api/agent-keys/${kept?.id ?? ""}`, {
    headers: { origin: "https://attacker.example" },
  });
  expect(foreignRevoke.status()).toBe(403);

  const blank = await page.request.post("/api/agent-keys", {
    headers: { origin: WEB_URL },
    data: { name: "  ", expiresInDays: 30 },
  });
  expect(blank.status()).toBe(400);
  expect(await blank.text()).toContain("name");
  const tooLong = await page.request.post("/api/agent-keys", {
    headers: { origin: WEB_URL },
    data: { name: "x", expiresInDays: 366 },
  });
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.text()).toContain("expiresInDays");

  const after = AgentKeyListResponseSchema.parse(
    await (await page.request.get("/api/agent-keys")).json(),
  );
  expect(after, "nothing was created or revoked").toEqual(before);
  expect(await mcpStatusWith(secret), "the key still works").toBe(200);
});
