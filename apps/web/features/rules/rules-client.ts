import {
  ApprovalRuleListSchema,
  ApprovalRulePreviewSchema,
  ApprovalRuleSchema,
  ApprovalRulesExportSchema,
  RuleSuggestionsSchema,
} from "@inquiry-hub/protocol";
import type {
  ApprovalRule,
  ApprovalRulePreview,
  ApprovalRulesExport,
  CreateApprovalRuleBody,
  RuleSuggestions,
  UpdateApprovalRuleBody,
} from "@inquiry-hub/protocol";
import { z } from "zod";
import { NoContentSchema, requestJson } from "@/lib/client/api-client";

/** The person's standing rules (GET /api/approval-rules). */
export async function fetchRules(): Promise<ApprovalRule[]> {
  return (await requestJson("/api/approval-rules", ApprovalRuleListSchema)).rules;
}

/** The conditions the hub offers from one approval's own arguments, each true of that call. */
export function fetchSuggestions(inquiryId: string): Promise<RuleSuggestions> {
  return requestJson(
    `/api/approval-rules/suggestions/${encodeURIComponent(inquiryId)}`,
    RuleSuggestionsSchema,
  );
}

/** What the rule would be called, and one call it would allow and one it would not. */
export function previewRule(body: CreateApprovalRuleBody): Promise<ApprovalRulePreview> {
  return requestJson("/api/approval-rules/preview", ApprovalRulePreviewSchema, {
    method: "POST",
    body,
  });
}

/** Makes the rule; the hub takes its tool and agent from the approval it names. */
export function createRule(body: CreateApprovalRuleBody): Promise<ApprovalRule> {
  return requestJson("/api/approval-rules", ApprovalRuleSchema, { method: "POST", body });
}

/** Renames a rule or gives it a new duration counted from now. */
export function updateRule(id: string, body: UpdateApprovalRuleBody): Promise<ApprovalRule> {
  return requestJson(`/api/approval-rules/${encodeURIComponent(id)}`, ApprovalRuleSchema, {
    method: "PATCH",
    body,
  });
}

/** Revokes a rule: the next call it would have passed asks again. */
export async function revokeRule(id: string): Promise<void> {
  await requestJson(
    `/api/approval-rules/${encodeURIComponent(id)}`,
    z.union([NoContentSchema, z.object({})]),
    { method: "DELETE" },
  );
}

/** Every rule in the approval proxy config's policy format. */
export function exportRules(): Promise<ApprovalRulesExport> {
  return requestJson("/api/approval-rules/export", ApprovalRulesExportSchema);
}

/** Adds the rules of a policy file (any of the person's agents, until revoked). */
export async function importRules(rules: ApprovalRulesExport): Promise<void> {
  await requestJson("/api/approval-rules/import", z.unknown(), { method: "POST", body: rules });
}
