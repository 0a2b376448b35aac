import { BatchDecisionResultSchema } from "@inquiry-hub/protocol";
import type { BatchDecisionBody, BatchDecisionResult } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";

/**
 * One group decision (`POST /api/approval-batches/:batchId/decide`) for exactly the approvals
 * listed, those the person saw. Throws ApiClientError on a refusal; the answer says which were
 * decided and which the hub left for a decision of their own.
 */
export function decideBatch(
  batchId: string,
  body: BatchDecisionBody,
): Promise<BatchDecisionResult> {
  return requestJson(
    `/api/approval-batches/${encodeURIComponent(batchId)}/decide`,
    BatchDecisionResultSchema,
    { method: "POST", body },
  );
}
