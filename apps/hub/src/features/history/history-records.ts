import type {
  DeliveryReceipt,
  HistoryExportRecord,
  HistoryItem,
  Inquiry,
} from "@inquiry-hub/protocol";
import { redactArguments } from "../approvals/redact-arguments";
import {
  decidingDeviceId,
  editedArguments,
  historyDecider,
  historyDecision,
} from "./history-decision";

/** A device's (or credential's) current name; null for none or unknown. */
export type NameOf = (deviceId: string | null) => Promise<string | null>;

/**
 * The question of a redacted approval in an export. The real one shows the call's arguments
 * (in its code block, and wherever the policy's description template put one), so it goes
 * with them; tool and upstream have their own columns.
 */
export const REDACTED_APPROVAL_QUESTION = "[redacted: the question shows the call's arguments]";

/** One inquiry as the history list and detail show it. */
export async function toHistoryItem(
  inquiry: Inquiry,
  nameOf: NameOf,
  failedDeliveries: number,
  receipts: DeliveryReceipt[] | undefined,
): Promise<HistoryItem> {
  const resolution = inquiry.resolution;
  const byDeviceId = decidingDeviceId(inquiry);
  const resolvedAt = resolution?.resolvedAt ?? null;
  const approval = inquiry.approval;
  const edited = editedArguments(inquiry);
  return {
    id: inquiry.id,
    type: inquiry.type,
    question: inquiry.question,
    status: inquiry.status,
    decision: historyDecision(inquiry),
    decidedBy: historyDecider(inquiry),
    ...(resolution?.response === undefined ? {} : { response: resolution.response }),
    ...(resolution?.values === undefined ? {} : { values: resolution.values }),
    ...(resolution?.reason === undefined ? {} : { reason: resolution.reason }),
    byDeviceId,
    byDeviceName: await nameOf(byDeviceId),
    createdAt: inquiry.createdAt,
    resolvedAt,
    ...(resolution?.byRule === undefined ? {} : { byRule: resolution.byRule }),
    ...(resolution?.batchId === undefined ? {} : { batchId: resolution.batchId }),
    durationMs:
      resolvedAt === null
        ? null
        : Math.max(0, Date.parse(resolvedAt) - Date.parse(inquiry.createdAt)),
    ...(approval === undefined
      ? {}
      : {
          approval: {
            upstream: approval.upstream,
            tool: approval.tool,
            ...(approval.runId === undefined ? {} : { runId: approval.runId }),
            ...(approval.risk === undefined ? {} : { risk: approval.risk }),
            description: approval.description,
            arguments: approval.arguments,
            ...(edited === undefined ? {} : { editedArguments: edited }),
          },
        }),
    failedDeliveries,
    ...(receipts === undefined ? {} : { receipts }),
  };
}

/**
 * One inquiry's audit record for an export. Unless `fullArguments` (the audit policy
 * `HUB_AUDIT_FULL_ARGUMENTS`), an approval keeps no argument value anywhere: its arguments
 * and edited arguments are redacted, and its question, which shows them, is replaced.
 */
export async function toExportRecord(
  inquiry: Inquiry,
  nameOf: NameOf,
  fullArguments: boolean,
): Promise<HistoryExportRecord> {
  const resolution = inquiry.resolution;
  const byDeviceId = decidingDeviceId(inquiry);
  const askedBy = inquiry.askedByCredentialId ?? null;
  const args = inquiry.approval?.arguments;
  const redact = args !== undefined && !fullArguments;
  const values = resolution?.values ?? null;
  return {
    id: inquiry.id,
    createdAt: inquiry.createdAt,
    resolvedAt: resolution?.resolvedAt ?? null,
    status: inquiry.status,
    decision: historyDecision(inquiry),
    decidedBy: historyDecider(inquiry),
    type: inquiry.type,
    question: redact ? REDACTED_APPROVAL_QUESTION : inquiry.question,
    response: resolution?.response ?? null,
    values: redact && values !== null ? redactArguments(values) : values,
    reason: resolution?.reason ?? null,
    byDeviceId,
    byDeviceName: await nameOf(byDeviceId),
    askedByCredentialId: askedBy,
    askedByName: await nameOf(askedBy),
    upstream: inquiry.approval?.upstream ?? null,
    tool: inquiry.approval?.tool ?? null,
    arguments: args === undefined ? null : redact ? redactArguments(args) : args,
    byRuleId: resolution?.byRule?.id ?? null,
    byRuleName: resolution?.byRule?.name ?? null,
  };
}
