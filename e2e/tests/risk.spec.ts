import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { registerThroughUi } from "../support/accounts";
import { connectProxyAgent, createAgentKey, resultText } from "../support/agent-proxy";
import { E2E_SANDBOX_DIR } from "../support/sandbox";
import { pairPhone } from "../support/second-device";

test("cards lead with the hub's risk label: a DELETE is high risk, decided only on its card; a write is medium", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const note = `risk-${randomUUID()}.txt`;
  await rm(path.join(E2E_SANDBOX_DIR, note), { force: true });
  const desktop = await (await browser.newContext()).newPage();
  await registerThroughUi(desktop);
  const phone = await pairPhone(browser, desktop);
  await desktop.goto("/inbox");
  const secret = await createAgentKey(desktop, "risk bot");

  // Two agent runs (two proxy sessions), so two batches of one call each: two plain cards.
  const writer = await connectProxyAgent(secret);
  const write = writer.callTool(
    { name: "write_file", arguments: { path: note, content: "kept" } },
    undefined,
    { timeout: 120_000 },
  );
  const deleter = await connectProxyAgent(secret);
  // Short enough for the label to quote it whole.
  const query = `DELETE FROM notes WHERE title = '${note.slice(0, 13)}'`;
  const deletion = deleter.callTool({ name: "execute_sql", arguments: { query } }, undefined, {
    timeout: 120_000,
  });

  for (const page of [phone, desktop]) {
    const high = page.getByTestId("approval-card").filter({ hasText: "execute_sql" });
    await expect(high.getByTestId("risk-badge")).toHaveText("High risk");
    await expect(high.getByTestId("risk-badge")).toHaveAttribute("data-level", "high");
    await expect(high.getByTestId("risk-reason")).toHaveText(`Deletes rows: ${query}`);
    await expect(high.getByTestId("fresh-look-note")).toContainText("decided only here");
    // The label comes before the tool: the person reads the stakes first.
    const label = await high.getByTestId("risk-label").boundingBox();
    const tool = await high.getByTestId("approval-tool").boundingBox();
    expect((label?.y ?? 0) < (tool?.y ?? 0)).toBe(true);

    const medium = page.getByTestId("approval-card").filter({ hasText: "write_file" });
    await expect(medium.getByTestId("risk-badge")).toHaveText("Medium risk");
    await expect(medium.getByTestId("risk-reason")).toContainText("write_file");
    await expect(medium.getByTestId("fresh-look-note")).toHaveCount(0);
  }

  const phoneHigh = phone.getByTestId("approval-card").filter({ hasText: "execute_sql" });
  await phoneHigh.getByLabel("Reason").fill("not the whole table");
  await phoneHigh.getByRole("button", { name: "Reject" }).click();
  expect(resultText(await deletion)).toContain("The person rejected");
  await phone
    .getByTestId("approval-card")
    .filter({ hasText: "write_file" })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  expect((await write).isError).not.toBe(true);
  expect(await readFile(path.join(E2E_SANDBOX_DIR, note), "utf8")).toBe("kept");

  // History keeps each call's label.
  await desktop.goto("/history");
  const rows = desktop.getByTestId("history-row");
  await expect(rows.filter({ hasText: "execute_sql" }).getByTestId("risk-badge")).toHaveText(
    "High risk",
  );
  await expect(rows.filter({ hasText: "write_file" }).getByTestId("risk-badge")).toHaveText(
    "Medium risk",
  );
  await rows.filter({ hasText: "execute_sql" }).click();
  await expect(desktop.getByTestId("risk-reason")).toHaveText(`Deletes rows: ${query}`);
  await writer.close();
  await deleter.close();
});
