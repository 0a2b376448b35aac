import type { ApprovalRule, RuleCondition } from "@inquiry-hub/protocol";
import { ConditionSyntaxSchema } from "../approvals/condition-syntax";
import { conditionPermits } from "../approvals/policy-conditions";
import type { Condition } from "../approvals/proxy-policy";
import type { ScreenedCall } from "../approvals/approval-screening";

/**
 * A rule's condition in the hub's own form, read the way the proxy config reads its `allow`
 * (condition-syntax.ts): undefined when it names something the hub cannot evaluate (an
 * unknown SQL kind), which then permits nothing.
 */
export function conditionOf(condition: RuleCondition): Condition | undefined {
  const read = ConditionSyntaxSchema.safeParse(condition);
  return read.success ? read.data : undefined;
}

/** Whether every condition surely permits these arguments (fail-closed, see policy-conditions.ts). */
export function conditionsPermit(
  conditions: readonly RuleCondition[],
  args: Record<string, unknown>,
): boolean {
  return conditions.every((written) => {
    const condition = conditionOf(written);
    return condition !== undefined && conditionPermits(condition, args);
  });
}

/** Whether the rule has stopped applying at `now` (epoch ms). */
export function ruleExpired(rule: ApprovalRule, now: number): boolean {
  return rule.expiresAt !== null && Date.parse(rule.expiresAt) <= now;
}

/**
 * Whether a rule passes a call: the same source and tool, the rule's credential (or any of the
 * person's when it names none), not expired, and every condition permits the arguments.
 * Whose rule it is was settled by reading only the caller's own rules.
 */
export function rulePermits(rule: ApprovalRule, call: ScreenedCall, now: number): boolean {
  return (
    rule.upstream === call.upstream &&
    rule.tool === call.tool &&
    (rule.agentCredentialId === null || rule.agentCredentialId === call.credentialId) &&
    !ruleExpired(rule, now) &&
    conditionsPermit(rule.conditions, call.args)
  );
}
