import type {
  BatchDecisionBody,
  BatchDecisionResult,
  BatchSkipReason,
  Inquiry,
} from "@inquiry-hub/protocol";
import { HubError } from "../../../kernel/errors";
import type { InquiryService } from "../../inquiries/inquiry-service";
import type { ApprovalBatchAuditEntry, AuditSink } from "../audit-log";

/** Who decides a batch: the person, on one of their devices (agents never get here). */
export interface BatchDecider {
  userId: string;
  deviceId: string;
}

/** Decides the listed approvals of one batch as one act (see `createBatchDecisions`). */
export type DecideBatch = (
  decider: BatchDecider,
  batchId: string,
  body: BatchDecisionBody,
) => Promise<BatchDecisionResult>;

/**
 * Why a listed approval may not be swept along by this group decision, or undefined when it
 * may. Anything that is not the person's own pending-or-decided APPROVAL of this very batch
 * reads as `not-in-batch`, the same for an unknown id and for another person's, so the answer
 * never tells which ids exist.
 */
export function skipReason(
  inquiry: Inquiry | undefined,
  userId: string,
  batchId: string,
  action: BatchDecisionBody["action"],
): BatchSkipReason | undefined {
  const approval = inquiry?.approval;
  if (
    inquiry === undefined ||
    approval === undefined ||
    inquiry.type !== "APPROVAL" ||
    inquiry.userId !== userId ||
    approval.batchId !== batchId
  )
    return "not-in-batch";
  if (inquiry.sharedApproval !== undefined) return "team";
  if (approval.freshLook === true) return "fresh-look";
  if (!approval.allowedDecisions.includes(action)) return "not-allowed";
  if (inquiry.status !== "pending") return "already-decided";
  return undefined;
}

/** The person's inquiry, or undefined when it is unknown or not theirs (never an error). */
async function lookUp(
  inquiries: InquiryService,
  userId: string,
  id: string,
): Promise<Inquiry | undefined> {
  try {
    return await inquiries.get(userId, id);
  } catch (error) {
    if (error instanceof HubError && error.code === "NOT_FOUND") return undefined;
    throw error;
  }
}

/**
 * A group decision: each listed approval that may be swept along is decided through the
 * inquiry service's own answer path (checked, compare-and-set, forwarded exactly once by the
 * call waiting on it, with its own arguments), recorded with the batch id; the others are
 * left pending and named with the reason. Only the listed ids are touched, so an approval that
 * joined the batch after the person looked is never swept along. One `approval.batch` audit
 * entry records the act, written even when a failure stops it halfway (then rethrown).
 */
export function createBatchDecisions(deps: {
  inquiries: InquiryService;
  audit: AuditSink;
  now?: () => Date;
}): DecideBatch {
  const now = deps.now ?? (() => new Date());
  return async (decider, batchId, body) => {
    const { userId, deviceId } = decider;
    const decided: BatchDecisionResult["decided"] = [];
    const skipped: BatchDecisionResult["skipped"] = [];
    const items: ApprovalBatchAuditEntry["items"] = [];
    const answer =
      body.action === "approve"
        ? { action: "approve" as const }
        : {
            action: "reject" as const,
            ...(body.reason === undefined ? {} : { reason: body.reason }),
          };
    const skip = (inquiryId: string, reason: BatchSkipReason): void => {
      skipped.push({ inquiryId, reason });
      items.push({ inquiryId, skipped: reason });
    };
    try {
      for (const inquiryId of new Set(body.inquiryIds)) {
        const reason = skipReason(
          await lookUp(deps.inquiries, userId, inquiryId),
          userId,
          batchId,
          body.action,
        );
        if (reason !== undefined) {
          skip(inquiryId, reason);
          continue;
        }
        try {
          const final = await deps.inquiries.answer(
            userId,
            inquiryId,
            answer,
            deviceId,
            undefined,
            {
              batchId,
            },
          );
          decided.push({ inquiryId, status: final.status });
          items.push({ inquiryId, status: final.status });
        } catch (error) {
          if (!(error instanceof HubError && error.code === "CONFLICT")) throw error;
          skip(inquiryId, "already-decided");
        }
      }
    } finally {
      deps.audit({
        event: "approval.batch",
        batchId,
        userId,
        decidedByDeviceId: deviceId,
        action: body.action,
        ...(body.reason === undefined ? {} : { reason: body.reason }),
        items,
        decidedAt: now().toISOString(),
      });
    }
    return { batchId, decided, skipped };
  };
}
