import { ApprovalRuleSchema } from "@inquiry-hub/protocol";
import type { ApprovalRule } from "@inquiry-hub/protocol";
import type { ApprovalRuleStore } from "../ports";
import { keysUnder } from "../../../platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * People's rules kept across restarts, in the table `approval-rules` under `[userId,
 * createdAt, ruleId]`, so one person's rules are a key range in creation order, and
 * `approval-rule-keys` (`[userId, ruleId]` → that key) to find one by id. Every change
 * (the cap check with its insert, a use's count) is one write transaction.
 */
export function createLmdbApprovalRuleStore(db: EmbeddedDatabase): ApprovalRuleStore {
  type RuleKey = [string, string, string];
  const rules = db.table<ApprovalRule>("approval-rules");
  const keys = db.table<RuleKey>("approval-rule-keys");
  const read = (key: RuleKey | undefined): ApprovalRule | undefined => {
    const value: unknown = key === undefined ? undefined : rules.get(key);
    return value === undefined ? undefined : ApprovalRuleSchema.parse(value);
  };

  return {
    list(userId) {
      const entries = rules.getRange(keysUnder([userId]));
      return Promise.resolve([...entries].map(({ value }) => ApprovalRuleSchema.parse(value)));
    },
    get: (userId, ruleId) => Promise.resolve(read(keys.get([userId, ruleId]))),
    insert(userId, rule, maxRules) {
      return rules.transaction(() => {
        if (keys.getKeysCount(keysUnder([userId])) >= maxRules) return false;
        const key: RuleKey = [userId, rule.createdAt, rule.id];
        rules.putSync(key, { ...rule });
        keys.putSync([userId, rule.id], key);
        return true;
      });
    },
    update(userId, ruleId, change) {
      return rules.transaction(() => {
        const key = keys.get([userId, ruleId]);
        const rule = read(key);
        if (key === undefined || rule === undefined) return undefined;
        const updated = { ...rule, ...change };
        rules.putSync(key, updated);
        return updated;
      });
    },
    remove(userId, ruleId) {
      return rules.transaction(() => {
        const key = keys.get([userId, ruleId]);
        if (key === undefined) return false;
        keys.removeSync([userId, ruleId]);
        return rules.removeSync(key);
      });
    },
    async recordUse(userId, ruleId, at) {
      await rules.transaction(() => {
        const key = keys.get([userId, ruleId]);
        const rule = read(key);
        if (key !== undefined && rule !== undefined)
          rules.putSync(key, { ...rule, allowedCount: rule.allowedCount + 1, lastAllowedAt: at });
      });
    },
  };
}
