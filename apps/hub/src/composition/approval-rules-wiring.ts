import type { Router } from "express";
import { createApprovalRuleService } from "../features/approval-rules/approval-rule-service";
import { createApprovalRuleRoutes } from "../features/approval-rules/http/approval-rule-routes";
import type { DeviceService } from "../features/accounts/device-service";
import type { InquiryStore } from "../features/inquiries/ports";
import type { HubDeps } from "./hub-deps";
import type { AuditWiring } from "./audit-wiring";
import { withRuleAudit } from "./rule-audit";

/**
 * The routes of people's standing approval rules (`/api/approval-rules`, mounted behind the
 * person check). The gate that applies the rules is wired with the screening
 * (screening-wiring.ts), on the same store.
 */
export function wireApprovalRules(
  deps: HubDeps,
  parts: { store: InquiryStore; devices: DeviceService; audit: AuditWiring },
): Router {
  const now = Date.now;
  const service = withRuleAudit(
    createApprovalRuleService({
      store: deps.approvalRules,
      readInquiry: (id) => parts.store.get(id),
      credentialName: (credentialId) => parts.devices.nameOf(credentialId),
      now,
    }),
    parts.audit,
  );
  return createApprovalRuleRoutes({ service, store: deps.approvalRules, now });
}
