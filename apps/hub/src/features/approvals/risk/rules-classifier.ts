import { MAX_RISK_REASON_LENGTH, RISK_LEVELS } from "@inquiry-hub/protocol";
import type { RiskAssessment, RiskLevel } from "@inquiry-hub/protocol";
import { readArgumentRisk } from "./argument-risk";
import type { RiskSignal } from "./argument-risk";
import { VERB_LEVELS, VERB_REASONS, verbKindOf, wordsOf } from "./risk-words";
import type { VerbKind } from "./risk-words";

/** What the classifier reads of a gated call. */
export interface ClassifiedCall {
  tool: string;
  args: Record<string, unknown>;
  /** What the card says the call does: read only when the tool's name has no verb. */
  description: string;
}

/** The first verb of `text`'s words: `get_deleted_items` reads, `file_delete` deletes. */
function firstVerb(text: string): VerbKind | undefined {
  for (const word of wordsOf(text)) {
    const kind = verbKindOf(word);
    if (kind !== undefined) return kind;
  }
  return undefined;
}

/** What the tool's verb (else its description's) says the call does. */
function verbSignal(call: ClassifiedCall): RiskSignal {
  const named = firstVerb(call.tool);
  if (named !== undefined)
    return { level: VERB_LEVELS[named], reason: `${VERB_REASONS[named]}: ${call.tool}` };
  const described = firstVerb(call.description);
  if (described !== undefined)
    return {
      level: VERB_LEVELS[described],
      reason: `${VERB_REASONS[described]} (as described): ${call.tool}`,
    };
  return { level: "medium", reason: `Effect unknown: ${call.tool}` };
}

const rank = (level: RiskLevel): number => RISK_LEVELS.indexOf(level);

/** One level up, high staying high. */
function raised(level: RiskLevel): RiskLevel {
  return RISK_LEVELS[Math.min(rank(level) + 1, RISK_LEVELS.length - 1)] ?? "high";
}

function clipped(reason: string): string {
  return reason.length <= MAX_RISK_REASON_LENGTH
    ? reason
    : `${reason.slice(0, MAX_RISK_REASON_LENGTH - 1)}…`;
}

/**
 * The hub's own risk label of a gated call: pure, table-driven, the same call always labelled
 * the same. The strongest signal wins and names itself in the reason:
 * - the tool's verb (its name's first verb, else its description's): reads are low, writes
 *   and sends medium, deletion and payments high, no verb at all medium;
 * - a SQL argument, judged like the `sql` policy condition: select-only low, other writes
 *   medium, destructive statements and SQL the hub cannot read high. It stands in for a
 *   reading or writing verb (`run_query` with a SELECT is a read), never for a destructive one;
 * - a path argument that is absolute or escapes with `..`, and money (amounts, currencies,
 *   IBANs): high;
 * - `force`, `recursive`, `overwrite` or `cascade` set to true raise the result one level.
 *
 * @example classifyRisk({ tool: "query", args: { sql: "DELETE FROM notes" }, description: "" })
 *   // { level: "high", reason: "Deletes rows: DELETE FROM notes", source: "rules" }
 */
export function classifyRisk(call: ClassifiedCall): RiskAssessment {
  const verb = verbSignal(call);
  const argumentRisk = readArgumentRisk(call.args, rank(verb.level) > rank("low"));
  const fromVerb =
    argumentRisk.sql !== undefined && verb.level !== "high" ? argumentRisk.sql : verb;
  const signals = [...argumentRisk.others, fromVerb];
  const strongest = signals.reduce((best, signal) =>
    rank(signal.level) > rank(best.level) ? signal : best,
  );
  if (argumentRisk.flags.length === 0)
    return { level: strongest.level, reason: clipped(strongest.reason), source: "rules" };
  return {
    level: raised(strongest.level),
    reason: clipped(`${strongest.reason}, with ${argumentRisk.flags.join(", ")}`),
    source: "rules",
  };
}
