import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { registerThroughUi } from "../support/accounts";
import { connectProxyAgent, createAgentKey, resultText } from "../support/agent-proxy";
import { E2E_SANDBOX_DIR } from "../support/sandbox";
import { pairPhone } from "../support/second-device";

/** One gated write_file call of the agent, started now; resolves with its result. */
function writeFile(agent: Client, file: string, content: string): Promise<CallToolResult> {
  return agent.callTool({ name: "write_file", arguments: { path: file, content } }, undefined, {
    timeout: 120_000,
  }) as Promise<CallToolResult>;
}

/** The sandbox file's content, or undefined while it does not exist. */
function sandboxFile(file: string): Promise<string | undefined> {
  return readFile(path.join(E2E_SANDBOX_DIR, file), "utf8").catch(() => undefined);
}

/** The one approval card on `page` asking about `file`. */
async function cardFor(page: Page, file: string) {
  const card = page.getByTestId("approval-card").filter({ hasText: file });
  await expect(card).toHaveCount(1);
  return card;
}

test("a rule made from a card lets the next matching call run with no card; another folder still asks; revoked on the phone, the next call asks again", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const folder = `rules-${randomUUID()}`;
  await rm(path.join(E2E_SANDBOX_DIR, folder), { recursive: true, force: true });
  const desktop = await (await browser.newContext()).newPage();
  await registerThroughUi(desktop);
  const phone = await pairPhone(browser, desktop);
  await desktop.goto("/inbox");
  const agent = await connectProxyAgent(await createAgentKey(desktop, "rules bot"));

  // The first call asks; "Always allow…" makes the rule the person picks, then approves it.
  const first = writeFile(agent, `${folder}/notes/first.txt`, "one");
  const card = await cardFor(desktop, `${folder}/notes/first.txt`);
  await card.getByRole("button", { name: "Always allow…" }).click();
  const dialog = desktop.getByRole("dialog", { name: "Always allow write_file?" });
  const underNotes = dialog.getByRole("checkbox", { name: `path under ${folder}/notes/` });
  await expect(underNotes).toBeChecked();
  await expect(
    dialog.getByRole("checkbox", { name: `path is ${folder}/notes/first.txt` }),
  ).not.toBeChecked();
  await expect(
    dialog.getByRole("radio", { name: "Only the agent key that made this call" }),
  ).toBeChecked();
  await dialog.getByRole("radio", { name: "1 day" }).check();
  const preview = dialog.getByTestId("rule-preview");
  await expect(preview.getByTestId("rule-preview-allows")).toContainText(
    `${folder}/notes/first.txt`,
  );
  await expect(preview.getByTestId("rule-preview-refuses")).not.toContainText(`${folder}/notes/`);
  const ruleName = ((await preview.getByTestId("rule-name").textContent()) ?? "").replace(
    /^Rule: /,
    "",
  );
  expect(ruleName).toContain("write_file");
  await dialog.getByRole("button", { name: "Allow and approve this call" }).click();
  await expect(desktop.getByTestId("rule-toast")).toContainText(`Rule “${ruleName}” saved`);
  expect((await first).isError).not.toBe(true);
  await expect.poll(() => sandboxFile(`${folder}/notes/first.txt`)).toBe("one");
  await expect(desktop.getByTestId("approval-card")).toHaveCount(0);
  await expect(phone.getByTestId("approval-card")).toHaveCount(0);

  // A call the rule covers runs at once: no card anywhere, and history names the rule.
  const second = await writeFile(agent, `${folder}/notes/second.txt`, "two");
  expect(resultText(second)).toContain(`${folder}/notes/second.txt`);
  expect(await sandboxFile(`${folder}/notes/second.txt`)).toBe("two");
  await expect(desktop.getByTestId("approval-card")).toHaveCount(0);
  await expect(phone.getByTestId("approval-card")).toHaveCount(0);
  await desktop.goto("/history");
  await expect(desktop.getByTestId("history-by-rule")).toHaveText(`Allowed by rule ${ruleName}`);

  // Another folder is not covered: it waits for a person.
  await phone.goto("/inbox");
  const other = writeFile(agent, `${folder}/other/third.txt`, "three");
  const otherCard = await cardFor(phone, `${folder}/other/third.txt`);
  expect(await sandboxFile(`${folder}/other/third.txt`)).toBeUndefined();
  await otherCard.getByRole("button", { name: "Reject" }).click();
  expect(resultText(await other)).toContain("The person rejected");
  expect(await sandboxFile(`${folder}/other/third.txt`)).toBeUndefined();

  // The Rules page on the phone, reached through More: the rule, its use, then Revoke.
  await phone.getByRole("button", { name: "More" }).click();
  await phone.getByRole("menuitem", { name: "Rules" }).click();
  await expect(phone).toHaveURL(/\/rules$/);
  const row = phone.getByTestId("rule-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("rule-row-name")).toHaveText(ruleName);
  await expect(row.getByTestId("rule-conditions")).toHaveText(`path under ${folder}/notes/`);
  await expect(row).toContainText("Agent key rules bot");
  await expect(row.getByTestId("rule-use")).toContainText("Allowed 1 call");
  await row.getByRole("button", { name: `Actions for ${ruleName}` }).click();
  await phone.getByRole("menuitem", { name: "Revoke" }).click();
  await phone.getByRole("button", { name: "Revoke rule" }).click();
  await expect(phone.getByTestId("rules-empty")).toBeVisible();

  // Revoked: the next matching call asks again.
  await phone.goto("/inbox");
  await desktop.goto("/inbox");
  const fourth = writeFile(agent, `${folder}/notes/fourth.txt`, "four");
  const fourthCard = await cardFor(phone, `${folder}/notes/fourth.txt`);
  await expect(await cardFor(desktop, `${folder}/notes/fourth.txt`)).toBeVisible();
  expect(await sandboxFile(`${folder}/notes/fourth.txt`)).toBeUndefined();
  await fourthCard.getByRole("button", { name: "Approve", exact: true }).click();
  expect((await fourth).isError).not.toBe(true);
  await agent.close();
});

test("rules import from the proxy config's policy format, with mistakes named in plain words, and export back to it", async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto("/rules");
  await expect(page.getByTestId("rules-empty")).toContainText("Always allow…");

  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import rules" });
  const text = dialog.getByLabel("Rules as JSON");
  await text.fill('{"upstreams": {"demo": {"tools": {"write_file": {"allow": []}}}}}');
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByTestId("error-message")).toContainText(
    "This is not in the policy format. At upstreams.demo.tools.write_file.allow:",
  );
  const policy = {
    upstreams: {
      demo: { tools: { read_file: { allow: [{ arg: "path", glob: ["docs/**"] }] } } },
    },
  };
  await text.fill(JSON.stringify(policy));
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId("rule-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("rule-conditions")).toHaveText("path under docs/");
  await expect(row).toContainText("Any of your agent keys");
  await expect(row.getByTestId("rule-expiry")).toHaveText("until you revoke it");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const file = await (await download).path();
  expect(JSON.parse(await readFile(file, "utf8"))).toEqual(policy);
});
