import type { ApprovalRule } from "@inquiry-hub/protocol";

/**
 * Port: where each person's standing approval rules live, apart per person (a rule is only
 * ever read, changed or counted under its owner's id). Memory for tests, LMDB for a single
 * persistent node, Redis for several nodes; test/support/contracts/approval-rule-store.ts holds
 * them to one behaviour.
 */
export interface ApprovalRuleStore {
  /** The person's rules, oldest first, expired ones included (the service drops those). */
  list(userId: string): Promise<ApprovalRule[]>;
  get(userId: string, ruleId: string): Promise<ApprovalRule | undefined>;
  /**
   * Adds a rule unless the person already keeps `maxRules`: the count and the write are one
   * atomic step, so two racing creates never pass the cap. False when refused.
   */
  insert(userId: string, rule: ApprovalRule, maxRules: number): Promise<boolean>;
  /** Replaces a rule's name, conditions and expiry; false when it is gone. Counts are kept. */
  update(
    userId: string,
    ruleId: string,
    change: Pick<ApprovalRule, "name" | "conditions" | "expiresAt">,
  ): Promise<ApprovalRule | undefined>;
  /** Deletes a rule; false when there was none. */
  remove(userId: string, ruleId: string): Promise<boolean>;
  /**
   * Counts one call the rule let through: `allowedCount` + 1 and `lastAllowedAt` = `at`, as one
   * atomic step, so concurrent uses on several nodes are all counted. Nothing for a gone rule.
   */
  recordUse(userId: string, ruleId: string, at: string): Promise<void>;
}
