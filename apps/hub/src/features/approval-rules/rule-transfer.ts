import { randomUUID } from "node:crypto";
import { MAX_RULES_PER_PERSON } from "@inquiry-hub/protocol";
import type { ApprovalRule, ApprovalRulesExport } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { ApprovalRuleService } from "./approval-rule-service";
import { checkConditions } from "./approval-rule-service";
import type { ApprovalRuleStore } from "./ports";
import { defaultRuleName } from "./rule-text";

/**
 * The person's rules in the proxy config's policy format. The config's `allow` passes a call
 * when ANY of its conditions permits it, a rule only when ALL of its conditions do, so only
 * one-condition rules are written there exactly: those of one tool share its `allow` list (any
 * of them passes the call, as any of the rules does). Rules of several conditions or none
 * have no exact form in that syntax and are named in `omitted` instead of being widened.
 */
export function exportRules(rules: readonly ApprovalRule[]): ApprovalRulesExport {
  const upstreams: ApprovalRulesExport["upstreams"] = {};
  const omitted: string[] = [];
  for (const rule of rules) {
    const [condition, ...more] = rule.conditions;
    if (condition === undefined || more.length > 0) {
      omitted.push(rule.name);
      continue;
    }
    const tools = (upstreams[rule.upstream] ??= { tools: {} }).tools;
    const entry = (tools[rule.tool] ??= { allow: [] });
    if (!entry.allow.some((listed) => JSON.stringify(listed) === JSON.stringify(condition)))
      entry.allow.push(condition);
  }
  return { upstreams, ...(omitted.length === 0 ? {} : { omitted }) };
}

/**
 * Imports a policy file as the config would read it: each condition of a tool's `allow` is
 * one rule (any of them passes a call), for any of the person's agents, until revoked. All or
 * nothing: a bad condition is BAD_REQUEST and past MAX_RULES_PER_PERSON is CONFLICT, both
 * before anything is stored; a cap reached by a racing create undoes what this import stored.
 */
export async function importRules(
  deps: { store: ApprovalRuleStore; service: ApprovalRuleService; now: () => number },
  userId: string,
  file: ApprovalRulesExport,
): Promise<ApprovalRule[]> {
  const entries = Object.entries(file.upstreams).flatMap(([upstream, { tools }]) =>
    Object.entries(tools).flatMap(([tool, { allow }]) => {
      checkConditions(allow, undefined, `upstreams.${upstream}.tools.${tool}.allow`);
      return allow.map((condition) => ({ upstream, tool, condition }));
    }),
  );
  // A millisecond apart, ending now: rules are listed by creation, so the file's order stays.
  const end = deps.now();
  const rules = entries.map(({ upstream, tool, condition }, index): ApprovalRule => ({
    id: randomUUID(),
    name: defaultRuleName(tool, [condition]),
    upstream,
    tool,
    agentCredentialId: null,
    agentName: null,
    conditions: [condition],
    createdAt: new Date(end - (entries.length - 1 - index)).toISOString(),
    expiresAt: null,
    fromInquiryId: null,
    allowedCount: 0,
    lastAllowedAt: null,
  }));
  const kept = await deps.service.pruneExpired(userId);
  const tooMany = new HubError(
    "CONFLICT",
    `at most ${String(MAX_RULES_PER_PERSON)} rules per person: ${String(kept.length)} kept, ${String(rules.length)} imported`,
  );
  if (kept.length + rules.length > MAX_RULES_PER_PERSON) throw tooMany;
  const stored: ApprovalRule[] = [];
  for (const rule of rules) {
    if (!(await deps.store.insert(userId, rule, MAX_RULES_PER_PERSON))) {
      await Promise.all(stored.map((done) => deps.store.remove(userId, done.id)));
      throw tooMany;
    }
    stored.push(rule);
  }
  return stored;
}
