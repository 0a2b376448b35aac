import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import {
  HISTORY_EXPORT_COLUMNS,
  HistoryExportRecordSchema,
  InquirySchema,
  MeResponseSchema,
} from "@inquiry-hub/protocol";
import { registerThroughUi } from "../support/accounts";
import { REPO_ROOT } from "../support/app-services";
import { callHubApi, sessionToken } from "../support/channels";
import { connectHubMcp, holdToolCalls } from "../support/hub-mcp";

/** The downloaded file behind the link named `name`: its name, where it is, its text. */
async function download(
  page: Page,
  name: string,
): Promise<{ filename: string; path: string; text: string }> {
  const started = page.waitForEvent("download");
  await page.getByRole("link", { name }).click();
  const file = await started;
  const path = await file.path();
  return { filename: file.suggestedFilename(), path, text: await readFile(path, "utf8") };
}

/** What this spec reads of an audit export's first line (checked in full by the verifier). */
interface AuditHeader {
  type: string;
  publicKey: string;
  chains: { chain: string; lastSeq: number }[];
}

/** The repository's own verifier run on `file`, as a person would run it. */
async function auditVerify(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)("npm", ["run", "-s", "audit:verify", "--", file], {
      cwd: REPO_ROOT,
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

test("history search, filters and export return exactly the matching records", async ({ page }) => {
  await registerThroughUi(page);
  const token = await sessionToken(page.context());
  const client = await connectHubMcp(token);
  const questions = [
    "Deploy alpha to staging?",
    "Order lunch for the team?",
    "Shall I deploy beta to production?",
  ];
  const held = await holdToolCalls(
    client,
    token,
    "send_inquiry",
    questions.map((prompt) => ({ prompt })),
  );
  try {
    const listed = await callHubApi("/api/inquiries?status=pending", { token });
    const inquiries = InquirySchema.array().parse(await listed.json());
    const idOf = (question: string) => inquiries.find((each) => each.question === question)?.id;
    const deployIds = [idOf(questions[0] ?? ""), idOf(questions[2] ?? "")];
    const lunchId = idOf(questions[1] ?? "") ?? "";
    expect(deployIds).not.toContain(undefined);
    const answered = await callHubApi(`/api/inquiries/${lunchId}/answer`, {
      method: "POST",
      token,
      body: { response: '=HYPERLINK("http://evil.example","noodles")' },
    });
    expect(answered.status).toBe(200);

    await page.goto("/history");
    const rows = page.getByTestId("history-row");
    await expect(rows).toHaveCount(3);

    await page.getByLabel("Search").fill("DEPLOY");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Deploy alpha to staging?" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Shall I deploy beta to production?" })).toHaveCount(1);

    const jsonl = await download(page, "Export JSON Lines");
    expect(jsonl.filename).toMatch(/^inquiry-history-\d{4}-\d{2}-\d{2}\.jsonl$/);
    const records = jsonl.text
      .trimEnd()
      .split("\n")
      .map((line) => HistoryExportRecordSchema.parse(JSON.parse(line)));
    expect(records.map((record) => record.id).sort()).toEqual([...deployIds].sort());
    expect(records.every((record) => record.status === "pending")).toBe(true);

    await page.getByLabel("Search").fill("");
    await page.getByLabel("Status").selectOption("answered");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Order lunch for the team?");

    const csv = await download(page, "Export CSV");
    expect(csv.filename).toMatch(/\.csv$/);
    const lines = csv.text.split("\r\n");
    expect(lines[0]).toBe(HISTORY_EXPORT_COLUMNS.join(","));
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${lunchId},`));
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""noodles"")"`);
    expect(lines[2]).toBe("");

    await page.getByLabel("Status").selectOption("");
    await page.getByLabel("Search").fill("no such words anywhere");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(rows).toHaveCount(0);
    const none = await download(page, "Export JSON Lines");
    expect(none.text).toBe("");

    // The audit log: the person's signed chain, whole, checked by the repository's verifier.
    const me = MeResponseSchema.parse(await (await callHubApi("/api/auth/me", { token })).json());
    const audit = await download(page, "Export audit log");
    expect(audit.filename).toMatch(/^inquiry-audit-\d{4}-\d{2}-\d{2}\.jsonl$/);
    const [headerLine = "", ...recordLines] = audit.text.trimEnd().split("\n");
    const header = JSON.parse(headerLine) as AuditHeader;
    expect(header.type).toBe("inquiry-hub.audit-export");
    expect(header.chains.map((each) => each.chain)).toContain(`user:${me.user.id}`);
    const held = header.chains.reduce((sum, each) => sum + each.lastSeq, 0);
    expect(recordLines).toHaveLength(held);
    const verified = await auditVerify(audit.path);
    expect(verified, verified.output).toMatchObject({ code: 0 });
    expect(verified.output).toContain(`valid: ${String(held)} records`);
    const keyLink = page.getByRole("link", { name: "Public key" });
    const key = await page.request.get((await keyLink.getAttribute("href")) ?? "");
    expect(((await key.json()) as { publicKey: string }).publicKey).toBe(header.publicKey);
    const relayed = await page.request.get("/api/audit/export");
    expect(relayed.headers()["cache-control"]).toBe("no-store");
  } finally {
    await held.cancelAll();
    await client.close();
  }
});
