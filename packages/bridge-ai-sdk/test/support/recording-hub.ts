import type {
  HubApprovals,
  RequestApprovalResult,
  ToolCallForApproval,
} from "@inquiry-hub/hub-approvals";

/** A hub connection that keeps every call it was asked and every decision it returned. */
export interface RecordingHub extends HubApprovals {
  asked: ToolCallForApproval[];
  decided: RequestApprovalResult[];
}

export function recordingHub(hub: HubApprovals): RecordingHub {
  const asked: ToolCallForApproval[] = [];
  const decided: RequestApprovalResult[] = [];
  return {
    asked,
    decided,
    async request(call, options) {
      asked.push(call);
      const decision = await hub.request(call, options);
      decided.push(decision);
      return decision;
    },
    close: () => hub.close(),
  };
}
