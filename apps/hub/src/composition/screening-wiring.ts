import type { ApprovalScreening } from "../features/approvals/approval-screening";
import type { HubConfig } from "../config/hub-config";
import type { HubDeps } from "./hub-deps";

/**
 * The screening of gated calls: how each one's risk is labelled, which of the person's rules
 * may pass it, and how arriving approvals are batched.
 */
export function wireApprovalScreening(_config: HubConfig, _deps: HubDeps): ApprovalScreening {
  return {};
}
