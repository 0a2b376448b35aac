import { z } from "zod";
import { IsoTimestampSchema } from "../inquiry";

/** Most conditions one rule holds; every one must permit a call for the rule to pass it. */
export const MAX_RULE_CONDITIONS = 5;

/** Most standing rules one person keeps; creating one more is refused with 409. */
export const MAX_RULES_PER_PERSON = 100;

/** Longest rule name, in characters. */
export const MAX_RULE_NAME_LENGTH = 80;

/** An argument name as the proxy config writes it: `path`, or `options.force` for a nested one. */
const ArgumentNameSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/, "expected an argument name like path or a.b");

/**
 * One condition on the call's arguments, in the proxy config's own `allow` syntax: exactly one
 * of a number's bounds, a path glob (`*` within a folder, `**` across folders), or the SQL
 * statement kinds the argument may hold. Evaluated fail-closed: an argument that is missing,
 * escapes upwards, or holds SQL the hub cannot read surely never satisfies it.
 *
 * @example { arg: "path", glob: ["notes/**"] }
 * @example { arg: "query", sql: ["select"] }
 * @example { arg: "amount", lte: 20 }
 */
export const RuleConditionSchema = z
  .strictObject({
    arg: ArgumentNameSchema,
    glob: z.array(z.string().min(1).max(300)).min(1).max(5).optional(),
    sql: z
      .array(z.string().regex(/^[a-z]+$/, "expected a statement kind like select"))
      .min(1)
      .max(40)
      .optional(),
    gt: z.number().optional(),
    gte: z.number().optional(),
    lt: z.number().optional(),
    lte: z.number().optional(),
  })
  .refine(
    (condition) =>
      [
        condition.glob !== undefined,
        condition.sql !== undefined,
        [condition.gt, condition.gte, condition.lt, condition.lte].some(
          (bound) => bound !== undefined,
        ),
      ].filter(Boolean).length === 1,
    { message: "a condition needs exactly one of: gt/gte/lt/lte, glob, sql" },
  );
export type RuleCondition = z.infer<typeof RuleConditionSchema>;

/** How long a new rule stands: an hour, a day, a week, or until the person revokes it. */
export const RuleDurationSchema = z.enum(["1h", "1d", "7d", "forever"]);
export type RuleDuration = z.infer<typeof RuleDurationSchema>;

/**
 * Which agents a rule covers: only the agent credential whose call it was made from, or any
 * credential of the same person.
 */
export const RuleAgentScopeSchema = z.enum(["this-agent", "any-agent"]);
export type RuleAgentScope = z.infer<typeof RuleAgentScopeSchema>;

/**
 * A person's standing "always allow this": calls of one tool of one source (a proxy upstream or
 * a `request_approval` source), from one agent credential or any of theirs, whose arguments
 * satisfy every condition, pass without a card until the rule expires or is revoked. The
 * proxy config's policies and team rules always come first, and high-risk calls always ask.
 */
export const ApprovalRuleSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(MAX_RULE_NAME_LENGTH),
  /** The proxy upstream or `request_approval` source the tool belongs to. */
  upstream: z.string().min(1),
  tool: z.string().min(1),
  /** The one agent credential the rule covers; null for any credential of the person. */
  agentCredentialId: z.string().min(1).nullable(),
  /** That credential's name when the rule was made, for the Rules page. */
  agentName: z.string().nullable(),
  conditions: z.array(RuleConditionSchema).max(MAX_RULE_CONDITIONS),
  createdAt: IsoTimestampSchema,
  /** When the rule stops applying; null until revoked. */
  expiresAt: IsoTimestampSchema.nullable(),
  /** The approval the rule was made from, when it was made from one. */
  fromInquiryId: z.string().nullable(),
  /** How many calls it let through so far, and the last time. */
  allowedCount: z.number().int().nonnegative(),
  lastAllowedAt: IsoTimestampSchema.nullable(),
});
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>;

/** `GET /api/approval-rules` → the person's standing rules (expired ones are dropped). */
export const ApprovalRuleListSchema = z.object({ rules: z.array(ApprovalRuleSchema) });
export type ApprovalRuleList = z.infer<typeof ApprovalRuleListSchema>;

/**
 * Body of `POST /api/approval-rules` and `POST /api/approval-rules/preview`: a rule made from
 * one of the person's approvals. The source, the tool and (for `this-agent`) the credential are
 * taken from that approval, never from the body, and every condition must permit that very
 * call, so a rule is never broader than what the person picked on its card.
 *
 * @example { fromInquiryId: "…", agent: "this-agent", conditions: [{ arg: "path", glob: ["notes/**"] }], duration: "1d" }
 */
export const CreateApprovalRuleBodySchema = z.strictObject({
  fromInquiryId: z.uuid(),
  name: z.string().trim().min(1).max(MAX_RULE_NAME_LENGTH).optional(),
  agent: RuleAgentScopeSchema,
  conditions: z.array(RuleConditionSchema).max(MAX_RULE_CONDITIONS),
  duration: RuleDurationSchema,
});
export type CreateApprovalRuleBody = z.infer<typeof CreateApprovalRuleBodySchema>;

/**
 * `POST /api/approval-rules/preview` → what the rule would be, and two calls of its tool: one
 * it would allow (the approval's own) and one it would not (null when every call of the tool
 * from that agent would pass). The hub checks both with the matcher that gates real calls.
 */
export const ApprovalRulePreviewSchema = z.object({
  name: z.string(),
  allows: z.record(z.string(), z.unknown()),
  refuses: z.record(z.string(), z.unknown()).nullable(),
});
export type ApprovalRulePreview = z.infer<typeof ApprovalRulePreviewSchema>;

/**
 * `GET /api/approval-rules/suggestions/:inquiryId` → conditions offered from the call itself
 * (a path's folder, the SQL statement kinds of a query, a number's value as a ceiling), each
 * already true of that call.
 */
export const RuleSuggestionsSchema = z.object({
  upstream: z.string(),
  tool: z.string(),
  conditions: z.array(RuleConditionSchema),
});
export type RuleSuggestions = z.infer<typeof RuleSuggestionsSchema>;

/**
 * Body of `PATCH /api/approval-rules/:id`: a new name, new conditions, or a new duration
 * counted from now. Only a person's credential may send it.
 */
export const UpdateApprovalRuleBodySchema = z
  .strictObject({
    name: z.string().trim().min(1).max(MAX_RULE_NAME_LENGTH).optional(),
    conditions: z.array(RuleConditionSchema).max(MAX_RULE_CONDITIONS).optional(),
    duration: RuleDurationSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "nothing to change" });
export type UpdateApprovalRuleBody = z.infer<typeof UpdateApprovalRuleBodySchema>;

/**
 * `GET /api/approval-rules/export` and the body of `POST /api/approval-rules/import`: the rules
 * in the approval proxy config's own policy format, `upstreams.<name>.tools.<tool>.allow`.
 * Imported rules cover any of the person's agents and stand until revoked. As in the config, a
 * tool's `allow` passes a call when any one of its conditions does, so each condition is
 * imported as its own rule; a rule of several conditions (all must hold) has no exact form
 * here and is named in `omitted` on export rather than written wider than it is.
 */
export const ApprovalRulesExportSchema = z.strictObject({
  upstreams: z.record(
    z.string().min(1),
    z.strictObject({
      tools: z.record(
        z.string().min(1),
        z.strictObject({ allow: z.array(RuleConditionSchema).min(1).max(MAX_RULES_PER_PERSON) }),
      ),
    }),
  ),
  /** Names of rules left out of an export (several conditions, or none); ignored on import. */
  omitted: z.array(z.string()).max(MAX_RULES_PER_PERSON).optional(),
});
export type ApprovalRulesExport = z.infer<typeof ApprovalRulesExportSchema>;

/** `POST /api/approval-rules/import` → the rules it made, one per imported condition. */
export const ImportApprovalRulesResultSchema = z.object({ rules: z.array(ApprovalRuleSchema) });
export type ImportApprovalRulesResult = z.infer<typeof ImportApprovalRulesResultSchema>;
