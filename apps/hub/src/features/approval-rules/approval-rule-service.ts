import { randomUUID } from "node:crypto";
import { MAX_RULES_PER_PERSON } from "@inquiry-hub/protocol";
import type {
  ApprovalDetails,
  ApprovalRule,
  ApprovalRulePreview,
  CreateApprovalRuleBody,
  Inquiry,
  RuleCondition,
  RuleSuggestions,
  UpdateApprovalRuleBody,
} from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import { ConditionSyntaxSchema } from "../approvals/condition-syntax";
import type { ApprovalRuleStore } from "./ports";
import { conditionsPermit, ruleExpired } from "./rule-matching";
import { counterExample } from "./rule-counter-example";
import { suggestConditions } from "./rule-suggestions";
import { defaultRuleName, describeCondition, expiryOf } from "./rule-text";

/** What the rules service reads besides its store. */
export interface ApprovalRuleServiceDeps {
  store: ApprovalRuleStore;
  /** Any inquiry by id; the service itself checks whose it is. */
  readInquiry(id: string): Promise<Inquiry | undefined>;
  /** An agent credential's current name, for the Rules page. */
  credentialName(credentialId: string): Promise<string | undefined>;
  /** Epoch ms; Date.now by default (tests move it). */
  now?: () => number;
}

/** A rule as the person's approval shapes it, before it is stored. */
interface RuleDraft {
  approval: ApprovalDetails;
  credentialId: string | null;
  name: string;
}

/** The person's rules: made from their approvals, listed, changed, revoked. */
export type ApprovalRuleService = ReturnType<typeof createApprovalRuleService>;

/**
 * Checks each condition's syntax as the proxy config reads it (SQL kinds included), and,
 * when `args` are given, that it permits them: a rule never refuses the call it was made from.
 * Throws BAD_REQUEST naming the condition under `field` (its place in the request body).
 */
export function checkConditions(
  conditions: readonly RuleCondition[],
  args?: Record<string, unknown>,
  field = "conditions",
): void {
  conditions.forEach((condition, index) => {
    const read = ConditionSyntaxSchema.safeParse(condition);
    const issue = read.success ? undefined : read.error.issues[0];
    if (issue !== undefined) {
      const where = [field, index, ...issue.path].join(".");
      throw new HubError("BAD_REQUEST", `${where}: ${issue.message}`);
    }
    if (args !== undefined && !conditionsPermit([condition], args)) {
      throw new HubError(
        "BAD_REQUEST",
        `${field}.${String(index)}: "${describeCondition(condition)}" does not permit this approval's own arguments`,
      );
    }
  });
}

/**
 * Creates the rules service. Every method takes the person's user id from their credential:
 * another person's rule or approval is NOT_FOUND, never FORBIDDEN, so ids reveal nothing.
 */
export function createApprovalRuleService(deps: ApprovalRuleServiceDeps) {
  const { store } = deps;
  const now = deps.now ?? Date.now;

  /** The person's own approval and the credential that asked it, or NOT_FOUND. */
  async function ownApproval(
    userId: string,
    inquiryId: string,
  ): Promise<{ approval: ApprovalDetails; credentialId: string | null }> {
    const inquiry = await deps.readInquiry(inquiryId);
    if (inquiry?.userId !== userId || inquiry.approval === undefined)
      throw new HubError("NOT_FOUND", `approval ${inquiryId} not found`);
    return { approval: inquiry.approval, credentialId: inquiry.askedByCredentialId ?? null };
  }

  async function draftOf(userId: string, body: CreateApprovalRuleBody): Promise<RuleDraft> {
    const { approval, credentialId } = await ownApproval(userId, body.fromInquiryId);
    if (body.agent === "this-agent" && credentialId === null)
      throw new HubError("BAD_REQUEST", "agent: this approval names no agent credential");
    checkConditions(body.conditions, approval.arguments);
    return {
      approval,
      credentialId: body.agent === "this-agent" ? credentialId : null,
      name: body.name ?? defaultRuleName(approval.tool, body.conditions),
    };
  }

  async function ownRule(userId: string, ruleId: string): Promise<ApprovalRule> {
    const rule = await store.get(userId, ruleId);
    if (rule === undefined || ruleExpired(rule, now()))
      throw new HubError("NOT_FOUND", `rule ${ruleId} not found`);
    return rule;
  }

  /** Drops the person's expired rules, so they no longer count against the cap. */
  async function pruneExpired(userId: string): Promise<ApprovalRule[]> {
    const rules = await store.list(userId);
    const at = now();
    await Promise.all(
      rules.filter((rule) => ruleExpired(rule, at)).map((rule) => store.remove(userId, rule.id)),
    );
    return rules.filter((rule) => !ruleExpired(rule, at));
  }

  return {
    /** The person's standing rules, oldest first. */
    async list(userId: string): Promise<ApprovalRule[]> {
      const at = now();
      return (await store.list(userId)).filter((rule) => !ruleExpired(rule, at));
    },

    /** Conditions offered from one of the person's approvals, each true of that call. */
    async suggestions(userId: string, inquiryId: string): Promise<RuleSuggestions> {
      const { approval } = await ownApproval(userId, inquiryId);
      return {
        upstream: approval.upstream,
        tool: approval.tool,
        conditions: suggestConditions(approval.arguments),
      };
    },

    /** The rule the body would make, a call it allows and one it refuses (checked). */
    async preview(userId: string, body: CreateApprovalRuleBody): Promise<ApprovalRulePreview> {
      const { approval, name } = await draftOf(userId, body);
      return {
        name,
        allows: approval.arguments,
        refuses: counterExample(body.conditions, approval.arguments),
      };
    },

    /** Makes the rule; CONFLICT at MAX_RULES_PER_PERSON. */
    async create(userId: string, body: CreateApprovalRuleBody): Promise<ApprovalRule> {
      const { approval, credentialId, name } = await draftOf(userId, body);
      await pruneExpired(userId);
      const createdAt = now();
      const rule: ApprovalRule = {
        id: randomUUID(),
        name,
        upstream: approval.upstream,
        tool: approval.tool,
        agentCredentialId: credentialId,
        agentName:
          credentialId === null ? null : ((await deps.credentialName(credentialId)) ?? null),
        conditions: body.conditions,
        createdAt: new Date(createdAt).toISOString(),
        expiresAt: expiryOf(body.duration, createdAt),
        fromInquiryId: body.fromInquiryId,
        allowedCount: 0,
        lastAllowedAt: null,
      };
      if (!(await store.insert(userId, rule, MAX_RULES_PER_PERSON)))
        throw new HubError("CONFLICT", `at most ${String(MAX_RULES_PER_PERSON)} rules per person`);
      return rule;
    },

    /**
     * Renames a rule, replaces its conditions, or restarts its duration from now. New
     * conditions must still permit the approval it was made from while that is in history.
     */
    async update(
      userId: string,
      ruleId: string,
      body: UpdateApprovalRuleBody,
    ): Promise<ApprovalRule> {
      const rule = await ownRule(userId, ruleId);
      const conditions = body.conditions ?? rule.conditions;
      const origin =
        body.conditions === undefined || rule.fromInquiryId === null
          ? undefined
          : await deps.readInquiry(rule.fromInquiryId);
      checkConditions(
        conditions,
        origin?.userId === userId ? origin.approval?.arguments : undefined,
      );
      const updated = await store.update(userId, ruleId, {
        name: body.name ?? rule.name,
        conditions,
        expiresAt: body.duration === undefined ? rule.expiresAt : expiryOf(body.duration, now()),
      });
      if (updated === undefined) throw new HubError("NOT_FOUND", `rule ${ruleId} not found`);
      return updated;
    },

    /** Revokes a rule: the next call it would have passed asks again. */
    async revoke(userId: string, ruleId: string): Promise<void> {
      await ownRule(userId, ruleId);
      if (!(await store.remove(userId, ruleId)))
        throw new HubError("NOT_FOUND", `rule ${ruleId} not found`);
    },

    pruneExpired,
  };
}
