import type { ApprovalScreening } from "../features/approvals/approval-screening";
import type { HubConfig } from "../config/hub-config";
import type { HubDeps } from "./hub-deps";
import { createRiskAssessor } from "../features/approvals/risk/model-label";
import { createOpenAiRiskModel } from "../features/approvals/risk/adapters/openai-risk-model";
import { createPersonRuleGate } from "../features/approval-rules/person-rule-gate";
import { createBatchAssigner } from "../features/approvals/batches/batch-assigner";

/**
 * The screening of gated calls: how each one's risk is labelled, which of the person's rules
 * may pass it, and how arriving approvals are batched.
 */
export function wireApprovalScreening(config: HubConfig, deps: HubDeps): ApprovalScreening {
  return {
    assessRisk: createRiskAssessor(
      config.riskModel === undefined
        ? undefined
        : createOpenAiRiskModel(config.riskModel, deps.logger),
    ),
    personRules: createPersonRuleGate(deps.approvalRules),
    assignBatch: createBatchAssigner({
      windows: deps.batchWindows,
      windowMs: config.approvalBatchWindowSeconds * 1000,
    }),
  };
}
