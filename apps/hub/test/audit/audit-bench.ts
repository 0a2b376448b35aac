import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import type { AuditRecord } from "../../src/features/audit/audit-record";
import type { TestHub } from "../helpers";
import { SEND_EMAIL, decisionOf, requestApproval } from "../support/request-approval";
import { exportAt } from "./team-vote-bench";

const hubDir = fileURLToPath(new URL("../..", import.meta.url));

/** Runs the real `audit-verify` CLI on `text` (written into `folder`) → exit code and output. */
export async function verifyCli(
  folder: string,
  text: string,
  extra: string[] = [],
): Promise<{ code: number; out: string }> {
  const file = join(folder, `export-${String(Math.random()).slice(2)}.jsonl`);
  await writeFile(file, text);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/audit-verify.ts", file, ...extra],
      { cwd: hubDir, env: { ...process.env, INIT_CWD: hubDir } },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code), out: `${stdout}${stderr}` });
      },
    );
  });
}

/** The hub's public key as `GET /api/audit/public-key` gives it to the person. */
export async function publicKeyOf(hub: TestHub, token: string): Promise<string> {
  const response = await hub.request("/api/audit/public-key", { token });
  return ((await response.json()) as { publicKey: string }).publicKey;
}

/** The person's export once it holds `count` records: its text and its records. */
export function exportWith(
  hub: TestHub,
  token: string,
  count: number,
): Promise<{ text: string; records: AuditRecord[] }> {
  return exportAt(hub.url, token, count);
}

/**
 * Opens `count` request_approval calls through `agent` at once (each its own subject, so no
 * call repeats another and joins its question) and approves each through
 * `answerOn` with the person's token, all at once; resolves with the inquiry ids once every
 * call has its decision.
 */
export async function approveMany(
  agent: Client,
  answerOn: TestHub,
  personToken: string,
  count: number,
): Promise<string[]> {
  const calls = Array.from({ length: count }, (_, index) =>
    requestApproval(agent, {
      ...SEND_EMAIL,
      arguments: { ...SEND_EMAIL.arguments, subject: `Launch ${randomUUID()} #${String(index)}` },
    }),
  );
  const ids = await Promise.all(
    calls.map(async (call) => (await call.progress.next("APPROVAL")).inquiryId),
  );
  await Promise.all(
    ids.map(async (id) => {
      const response = await answerOn.request(`/api/inquiries/${id}/answer`, {
        token: personToken,
        body: { action: "approve" },
      });
      if (response.status !== 200)
        throw new Error(`answer refused: ${String(response.status)} ${await response.text()}`);
    }),
  );
  for (const call of calls) decisionOf(await call.call);
  return ids;
}
