import type { ApprovalRule } from "@inquiry-hub/protocol";
import type { ApprovalRuleService } from "../features/approval-rules/approval-rule-service";
import { personChain } from "../features/audit/audit-record";
import type { AuditKind } from "../features/audit/audit-record";
import type { AuditWiring } from "./audit-wiring";

/** What a rule record keeps of the rule: enough to read what it allowed, without counters. */
function ruleDetail(rule: ApprovalRule): Record<string, unknown> {
  return {
    name: rule.name,
    upstream: rule.upstream,
    tool: rule.tool,
    agentCredentialId: rule.agentCredentialId,
    conditions: rule.conditions,
    expiresAt: rule.expiresAt,
    fromInquiryId: rule.fromInquiryId,
  };
}

/**
 * The rule service with each change the person makes recorded in their audit chain once,
 * after it succeeded: rule.created, rule.changed, rule.revoked. The routes are the only
 * caller of these three, so each act is appended exactly once, by the node that served it.
 */
export function withRuleAudit(
  service: ApprovalRuleService,
  audit: AuditWiring,
): ApprovalRuleService {
  const record = (
    userId: string,
    kind: AuditKind,
    ruleId: string,
    detail: Record<string, unknown>,
  ) =>
    audit.record(personChain(userId), {
      kind,
      at: new Date().toISOString(),
      actor: { userId, channel: "app" },
      subject: ruleId,
      detail,
    });
  return {
    ...service,
    async create(userId, body) {
      const rule = await service.create(userId, body);
      record(userId, "rule.created", rule.id, ruleDetail(rule));
      return rule;
    },
    async update(userId, ruleId, body) {
      const rule = await service.update(userId, ruleId, body);
      record(userId, "rule.changed", rule.id, ruleDetail(rule));
      return rule;
    },
    async revoke(userId, ruleId) {
      await service.revoke(userId, ruleId);
      record(userId, "rule.revoked", ruleId, {});
    },
  };
}
