import type { PersonRuleGate } from "../approvals/approval-screening";
import type { ApprovalRuleStore } from "./ports";
import { rulePermits } from "./rule-matching";

/**
 * The gate's view of the person's rules: only the calling person's own rules are read, the
 * first (oldest) that permits the call names it, and each use is counted atomically by the
 * store. The screening step asks it only where a rule may stand in (not for a team-routed or
 * high-risk call, nor where the policy does not allow `approve`).
 */
export function createPersonRuleGate(
  store: ApprovalRuleStore,
  now: () => number = Date.now,
): PersonRuleGate {
  return {
    async permitting(call) {
      const at = now();
      const rule = (await store.list(call.userId)).find((each) => rulePermits(each, call, at));
      return rule === undefined ? undefined : { id: rule.id, name: rule.name };
    },
    recordUse: (userId, ruleId, at) => store.recordUse(userId, ruleId, at),
  };
}
