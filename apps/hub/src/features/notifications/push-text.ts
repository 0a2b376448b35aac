import { MAX_PUSH_BODY_LENGTH, PUSH_TRUNCATION_MARK } from "@inquiry-hub/protocol";
import type { ApprovalDetails, Inquiry, RiskAssessment, RiskLevel } from "@inquiry-hub/protocol";

/**
 * Characters a notification would not show faithfully: controls, invisible format characters
 * (bidi overrides, zero-width joiners) and line or paragraph separators. Shown as `\uXXXX`, so
 * an argument can neither hide text nor reorder what the person reads.
 */
const UNFAITHFUL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

function escapeUnfaithful(text: string): string {
  return text.replace(
    UNFAITHFUL,
    (character) => `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
}

/** `value` with every object's keys sorted, so one call always reads the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The hub's own one-line account of a gated call: the tool, where it comes from (a proxy
 * upstream, or a `request_approval` caller's `source`) and every argument as compact
 * canonical JSON. Nothing in it is the agent's prose, so it is what a notification shows first.
 *
 * @example approvalSummary(approval) // 'write_file on demo: {"content":"hi","path":"a.txt"}'
 */
export function approvalSummary(approval: ApprovalDetails): string {
  const args = JSON.stringify(canonical(approval.arguments));
  return escapeUnfaithful(`${approval.tool} on ${approval.upstream}: ${args}`);
}

const RISK_WORDS: Readonly<Record<RiskLevel, string>> = {
  low: "Low risk",
  medium: "Medium risk",
  high: "High risk",
};

/**
 * The line every notification of an approval leads with: its risk level and the label's
 * reason, which may quote the call's arguments, so escaped like the summary.
 *
 * @example riskLine(risk) // "High risk · Deletes rows: DELETE FROM notes"
 */
export function riskLine(risk: RiskAssessment): string {
  return escapeUnfaithful(`${RISK_WORDS[risk.level]} · ${risk.reason.replace(/\s+/g, " ")}`);
}

/**
 * Characters of the risk line a push body spends at most: its reason may quote the arguments
 * the summary shows anyway, and every character it takes is one the summary loses before the
 * body is cut and its buttons go (the card shows the whole reason).
 */
const MAX_PUSH_RISK_LINE_LENGTH = 64;

function pushRiskLine(risk: RiskAssessment): string {
  const line = riskLine(risk);
  return line.length <= MAX_PUSH_RISK_LINE_LENGTH
    ? line
    : `${line.slice(0, MAX_PUSH_RISK_LINE_LENGTH - 1)}…`;
}

/** What a notification shows of an inquiry, and whether that is all a decision rests on. */
export interface PushText {
  body: string;
  /**
   * True when `body` holds everything an answer from the notification would decide on, uncut:
   * an approval's whole summary, or a question's whole text. Only then may it carry buttons
   * that decide (see `pushActionsFor`).
   */
  whole: boolean;
}

function cut(text: string): string {
  return `${text.slice(0, MAX_PUSH_BODY_LENGTH - PUSH_TRUNCATION_MARK.length)}${PUSH_TRUNCATION_MARK}`;
}

function fitted(text: string): PushText {
  return text.length <= MAX_PUSH_BODY_LENGTH
    ? { body: text, whole: true }
    : { body: cut(text), whole: false };
}

/**
 * The notification body of `inquiry`, at most `MAX_PUSH_BODY_LENGTH` characters. An approval
 * leads with its `riskLine` (cut to 64 characters) when it has a label, then shows
 * `approvalSummary`; its description (the policy's text, or a `request_approval` caller's
 * claim) follows only when both fit whole, so a cut body is always a cut summary.
 * A plain question shows its own text.
 */
export function pushTextFor(inquiry: Inquiry): PushText {
  if (inquiry.approval === undefined) return fitted(inquiry.question);
  const { risk } = inquiry.approval;
  const lead = risk === undefined ? "" : `${pushRiskLine(risk)}\n`;
  const summary = `${lead}${approvalSummary(inquiry.approval)}`;
  const description = escapeUnfaithful(inquiry.approval.description.replace(/\s+/g, " "));
  const described = `${summary}\n\n${description}`;
  if (described.length <= MAX_PUSH_BODY_LENGTH) return { body: described, whole: true };
  return fitted(summary);
}
