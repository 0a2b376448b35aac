import { AuditRecordSchema } from "../../src/features/audit/audit-record";
import type { AuditRecord } from "../../src/features/audit/audit-record";
import { waitFor } from "../helpers";

/** POSTs `body` as the person's answer to `/api/inquiries/:id/answer` on the hub at `hubUrl`. */
export function answerAt(
  hubUrl: URL,
  token: string,
  inquiryId: string,
  body: unknown,
): Promise<Response> {
  return fetch(new URL(`/api/inquiries/${inquiryId}/answer`, hubUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Someone's export from the hub at `hubUrl` once it holds `count` records: text and records. */
export async function exportAt(
  hubUrl: URL,
  token: string,
  count: number,
): Promise<{ text: string; records: AuditRecord[] }> {
  const text = await waitFor(async () => {
    const response = await fetch(new URL("/api/audit/export", hubUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.text();
    return body.trimEnd().split("\n").length === count + 1 ? body : undefined;
  }, 15_000);
  const records = text
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => AuditRecordSchema.parse(JSON.parse(line)));
  return { text, records };
}

/** What a test compares of a vote or decision record: its chain, kind, who, how, and what. */
export function voteSummary(record: AuditRecord): unknown[] {
  const decision = record.detail.decision ?? record.detail.verdict;
  return [record.chain, record.kind, record.actor.userId, record.actor.channel, decision];
}
