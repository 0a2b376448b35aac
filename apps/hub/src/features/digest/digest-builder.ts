import { MAX_DIGEST_SECTION_ITEMS } from "@inquiry-hub/protocol";
import type { Digest, DigestAsker, DigestItem, HistoryExportRecord } from "@inquiry-hub/protocol";

/** Longest `what` of a question, in characters: a digest names it, history shows it whole. */
const MAX_WHAT_LENGTH = 200;

/** What the digest is of: one day in one zone, and where the web app is. */
export interface DigestFrame {
  day: string;
  timeZone: string;
  from: number;
  to: number;
  webPublicUrl: string;
  /** The day held more inquiries than were read. */
  truncated: boolean;
}

function whatOf(record: HistoryExportRecord): string {
  // An approval's question shows its arguments, which the export may redact: name the tool.
  if (record.type === "APPROVAL") return record.tool ?? record.question;
  const line = record.question.replace(/\s+/g, " ").trim();
  return line.length > MAX_WHAT_LENGTH ? `${line.slice(0, MAX_WHAT_LENGTH - 1)}…` : line;
}

function toItem(record: HistoryExportRecord, webPublicUrl: string): DigestItem {
  return {
    id: record.id,
    type: record.type,
    what: whatOf(record),
    decision: record.decision,
    decidedBy: record.decidedBy,
    byDeviceName: record.decidedBy === "person" ? record.byDeviceName : null,
    byRuleName: record.decidedBy === "rule" ? record.byRuleName : null,
    askedByName: record.askedByName,
    createdAt: record.createdAt,
    resolvedAt: record.resolvedAt,
    link: new URL(`/history/${record.id}`, webPublicUrl).toString(),
  };
}

function askersOf(records: readonly HistoryExportRecord[]): DigestAsker[] {
  const byCredential = new Map<string, DigestAsker>();
  for (const record of records) {
    const key = record.askedByCredentialId ?? "";
    const asker = byCredential.get(key) ?? {
      credentialId: record.askedByCredentialId,
      name: record.askedByName,
      questions: 0,
      approvals: 0,
    };
    if (record.type === "APPROVAL") asker.approvals += 1;
    else asker.questions += 1;
    byCredential.set(key, asker);
  }
  const total = (asker: DigestAsker) => asker.questions + asker.approvals;
  return [...byCredential.values()].sort((a, b) => total(b) - total(a));
}

/**
 * The digest of one day from its history records (newest first, all created within the day):
 * counts over every record, sections of at most `MAX_DIGEST_SECTION_ITEMS` items each.
 */
export function buildDigest(records: readonly HistoryExportRecord[], frame: DigestFrame): Digest {
  const count = (test: (record: HistoryExportRecord) => boolean) => records.filter(test).length;
  const section = (test: (record: HistoryExportRecord) => boolean) =>
    records
      .filter(test)
      .slice(0, MAX_DIGEST_SECTION_ITEMS)
      .map((record) => toItem(record, frame.webPublicUrl));
  const timedOut = (record: HistoryExportRecord) =>
    record.decision === "timeout" || record.decision === "cancelled";
  const link = new URL("/digest", frame.webPublicUrl);
  link.searchParams.set("day", frame.day);
  link.searchParams.set("timeZone", frame.timeZone);
  return {
    day: frame.day,
    timeZone: frame.timeZone,
    from: new Date(frame.from).toISOString(),
    to: new Date(frame.to).toISOString(),
    totals: {
      asked: records.length,
      questions: count((record) => record.type === "INQUIRY"),
      approvals: count((record) => record.type === "APPROVAL"),
      approved: count((record) => record.decision === "approved" || record.decision === "edited"),
      answered: count((record) => record.decision === "answered"),
      rejected: count((record) => record.decision === "rejected"),
      timedOut: count(timedOut),
      pending: count((record) => record.decision === "pending"),
    },
    askers: askersOf(records),
    decided: section((record) => record.decision !== "pending" && !timedOut(record)),
    timedOut: section(timedOut),
    pending: section((record) => record.decision === "pending"),
    truncated: frame.truncated,
    link: link.toString(),
  };
}
