import type { ApprovalRule } from "@inquiry-hub/protocol";
import type { ApprovalRuleStore } from "../ports";

/** A fresh in-memory rule store: each person's rules, listed in creation order. */
export function createMemoryApprovalRuleStore(): ApprovalRuleStore {
  const byUser = new Map<string, Map<string, ApprovalRule>>();
  const rulesOf = (userId: string): Map<string, ApprovalRule> => {
    let rules = byUser.get(userId);
    if (rules === undefined) {
      rules = new Map();
      byUser.set(userId, rules);
    }
    return rules;
  };
  return {
    list: (userId) =>
      Promise.resolve(
        [...(byUser.get(userId)?.values() ?? [])].sort(
          (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
        ),
      ),
    get: (userId, ruleId) => Promise.resolve(byUser.get(userId)?.get(ruleId)),
    insert(userId, rule, maxRules) {
      const rules = rulesOf(userId);
      if (rules.size >= maxRules) return Promise.resolve(false);
      rules.set(rule.id, { ...rule });
      return Promise.resolve(true);
    },
    update(userId, ruleId, change) {
      const rules = byUser.get(userId);
      const rule = rules?.get(ruleId);
      if (rules === undefined || rule === undefined) return Promise.resolve(undefined);
      const updated = { ...rule, ...change };
      rules.set(ruleId, updated);
      return Promise.resolve(updated);
    },
    remove: (userId, ruleId) => Promise.resolve(byUser.get(userId)?.delete(ruleId) ?? false),
    recordUse(userId, ruleId, at) {
      const rules = byUser.get(userId);
      const rule = rules?.get(ruleId);
      if (rules !== undefined && rule !== undefined)
        rules.set(ruleId, { ...rule, allowedCount: rule.allowedCount + 1, lastAllowedAt: at });
      return Promise.resolve();
    },
  };
}
