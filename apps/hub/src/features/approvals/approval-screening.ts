import type { Inquiry, RiskAssessment } from "@inquiry-hub/protocol";
import type { InquiryService } from "../inquiries/inquiry-service";

/*
 * The steps between "this call is gated" and "ask the person": label its risk, let a standing
 * instruction of the person decide it (their YOLO, or one of their rules), else put it in its
 * batch. Each step is a port here, built in its own feature (risk/, batches/, approval-rules/).
 */

/** The call a risk label, a rule or a batch is about. */
export interface ScreenedCall {
  userId: string;
  /** The agent credential whose call asks. */
  credentialId: string;
  /** The proxy upstream, or the `request_approval` caller's source. */
  upstream: string;
  tool: string;
  args: Record<string, unknown>;
  /** What the card says the call does. */
  description: string;
  /** The agent run it belongs to, when the caller names one. */
  runId?: string | undefined;
}

/** Labels a gated call's risk: the hub's rules, and a configured model that may raise them. */
export type RiskAssessor = (call: ScreenedCall) => Promise<RiskAssessment>;

/**
 * Puts a new approval into its batch: the same run's batch, else the batch the same
 * credential opened within the last few seconds, else a new one. Returns the batch id.
 */
export type BatchAssigner = (call: ScreenedCall) => Promise<string>;

/** A person's rule, named the way history names it. */
export interface RuleRef {
  id: string;
  name: string;
}

/** The person's standing rules as the gate consults them. */
export interface PersonRuleGate {
  /** The first of the person's rules that permits this call, if any (fail-closed). */
  permitting(call: ScreenedCall): Promise<RuleRef | undefined>;
  /** Counts one call the rule let through, at `at`. */
  recordUse(userId: string, ruleId: string, at: string): Promise<void>;
}

/** The screening steps a hub runs; each is absent in a hub built without it (unit tests). */
export interface ApprovalScreening {
  assessRisk?: RiskAssessor | undefined;
  assignBatch?: BatchAssigner | undefined;
  personRules?: PersonRuleGate | undefined;
}

/** Who decides a call without a card: the person's YOLO, one of their rules, or nobody. */
export type Standing = { kind: "yolo" } | { kind: "rule"; rule: RuleRef } | undefined;

/**
 * Resolves a stored-but-unannounced approval the way its standing says: YOLO as `delegated`
 * (the person handed the decision over), a rule as an `approve` naming the rule, then counts
 * the rule's use. The compare-and-set of every resolution applies, so a repeat resolves once.
 */
export async function resolveByStanding(
  inquiries: InquiryService,
  personRules: PersonRuleGate | undefined,
  inquiry: Inquiry,
  standing: NonNullable<Standing>,
): Promise<Inquiry> {
  const resolvedAt = new Date().toISOString();
  const { inquiry: final, applied } = await inquiries.resolve(inquiry.id, {
    status: "answered",
    response: "approve",
    ...(standing.kind === "yolo" ? { delegated: true } : { byRule: standing.rule }),
    resolvedAt,
  });
  if (applied && standing.kind === "rule")
    await personRules?.recordUse(inquiry.userId, standing.rule.id, resolvedAt);
  return final;
}
