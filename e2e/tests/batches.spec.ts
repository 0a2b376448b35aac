import { randomUUID } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { HistoryPageSchema } from "@inquiry-hub/protocol";
import { registerThroughUi } from "../support/accounts";
import {
  callInParallel,
  connectProxyAgent,
  createAgentKey,
  resultText,
} from "../support/agent-proxy";
import { callHubApi, sessionToken } from "../support/channels";
import { productProcesses } from "../support/product-processes";
import type { ProductPorts } from "../support/product-processes";
import { E2E_SANDBOX_DIR } from "../support/sandbox";
import { pairPhone } from "../support/second-device";
import { gateInsertsOnTeam } from "../support/team-policy";

/** The five files one agent run writes, in a folder of the test's own under the sandbox. */
function fiveWrites(folder: string): { path: string; content: string }[] {
  return [1, 2, 3, 4, 5].map((n) => ({ path: `${folder}/note-${n}.txt`, content: `note ${n}` }));
}

/** The one group on `page`, holding `count` items. */
async function expectOneGroup(page: Page, count: number) {
  const group = page.getByTestId("approval-batch");
  await expect(group).toHaveCount(1);
  await expect(group.getByTestId("batch-item")).toHaveCount(count);
  await expect(group.getByTestId("approval-card")).toHaveCount(count);
  return group;
}

test("five parallel gated calls of one agent run show one group on phone and desktop; Approve all on the phone runs each once", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const folder = `batch-${randomUUID()}`;
  await rm(path.join(E2E_SANDBOX_DIR, folder), { recursive: true, force: true });
  const desktop = await (await browser.newContext()).newPage();
  await registerThroughUi(desktop);
  const phone = await pairPhone(browser, desktop);
  await desktop.goto("/inbox");

  const agent = await connectProxyAgent(await createAgentKey(desktop, "batch bot"));
  const writes = fiveWrites(folder);
  const results = callInParallel(agent, "write_file", writes);

  const phoneGroup = await expectOneGroup(phone, 5);
  const desktopGroup = await expectOneGroup(desktop, 5);
  await expect(phoneGroup.getByRole("heading")).toHaveText("5 approvals from your agent via demo");
  for (const { path: file } of writes)
    await expect(phoneGroup.getByTestId("batch-items")).toContainText(`path: ${file}`);
  await expect(phoneGroup.getByTestId("batch-item-own")).toHaveCount(0);
  expect(await readdir(path.join(E2E_SANDBOX_DIR, folder)).catch(() => [])).toEqual([]);

  await phoneGroup.getByRole("button", { name: "Approve all" }).click();

  const answered = await results;
  expect(answered.map((result) => result.isError === true)).toEqual([
    false,
    false,
    false,
    false,
    false,
  ]);
  for (const [index, { path: file }] of writes.entries())
    expect(resultText(answered[index] ?? { content: [] })).toContain(`to ${file} in the sandbox`);
  expect((await readdir(path.join(E2E_SANDBOX_DIR, folder))).sort()).toEqual(
    writes.map(({ path: file }) => path.basename(file)).sort(),
  );
  for (const { path: file, content } of writes)
    expect(await readFile(path.join(E2E_SANDBOX_DIR, file), "utf8")).toBe(content);

  await expect(phoneGroup).toHaveCount(0);
  await expect(desktopGroup).toHaveCount(0);
  await expect(desktop.getByTestId("approval-card")).toHaveCount(0);

  // One audited decision per call, each approved once, each marked as decided with its batch.
  const history = await callHubApi("/api/history", {
    token: await sessionToken(desktop.context()),
  });
  const { items } = HistoryPageSchema.parse(await history.json());
  const ours = items.filter((item) => item.type === "APPROVAL");
  expect(ours).toHaveLength(5);
  expect(new Set(ours.map((item) => item.batchId)).size).toBe(1);
  expect(ours.every((item) => item.decision === "approved" && item.batchId !== undefined)).toBe(
    true,
  );
  await desktop.goto("/history");
  await expect(desktop.getByTestId("history-batch")).toHaveCount(5);
  await agent.close();
});

/**
 * A team policy names its team by id, which exists only once the team was made on a running
 * hub; so this test runs a product of its own (see support/ports.ts), as push-shared-vote does.
 */
const TEAM_PORTS: ProductPorts = { web: 3360, hub: 4360, agent: 4361, demoTools: 4362 };
const TEAM_DIR = path.join(tmpdir(), "inquiry-hub-e2e-batches-team");

test("a group with a team-ruled item leaves that item for the team: Approve 4 runs the four writes only", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const product = productProcesses(TEAM_PORTS, TEAM_DIR);
  try {
    await product.startTogether(["demoTools", "hub", "web"]);
    const open = async () => (await browser.newContext({ baseURL: product.webUrl })).newPage();
    const owner = await open();
    await registerThroughUi(owner);
    const approver = await open();
    await registerThroughUi(approver);
    await gateInsertsOnTeam(product, TEAM_DIR, owner, approver);

    const folder = `team-batch-${randomUUID()}`;
    const title = `team-${randomUUID().slice(0, 8)}`;
    const agent = await connectProxyAgent(
      await createAgentKey(owner, "team bot", product.hubUrl),
      product.hubUrl,
    );
    await owner.goto("/inbox");
    await approver.goto("/inbox");
    const writes = callInParallel(agent, "write_file", fiveWrites(folder).slice(0, 4));
    const insert = agent.callTool(
      {
        name: "execute_sql",
        arguments: { query: `INSERT INTO notes (title) VALUES ('${title}')` },
      },
      undefined,
      { timeout: 120_000 },
    );

    const group = await expectOneGroup(owner, 5);
    const teamItem = group.getByTestId("batch-item").filter({ hasText: "execute_sql" });
    await expect(teamItem.getByTestId("batch-item-own")).toHaveText("Your team decides");
    await group.getByRole("button", { name: "Approve 4", exact: true }).click();

    const written = await writes;
    expect(written.map((result) => result.isError === true)).toEqual([false, false, false, false]);
    expect((await readdir(path.join(E2E_SANDBOX_DIR, folder))).length).toBe(4);
    // The team's call is still waiting, for the team: on its own card now, not in a group.
    await expect(group).toHaveCount(0);
    const left = owner.getByTestId("approval-card").filter({ hasText: "execute_sql" });
    await expect(left).toBeVisible();

    const teamCard = approver.getByTestId("approval-card").filter({ hasText: "execute_sql" });
    await teamCard.getByRole("button", { name: "Approve", exact: true }).click();
    expect((await insert).isError).not.toBe(true);
    await expect(left).toHaveCount(0);
    await agent.close();
  } finally {
    await product.stopAll();
  }
});
