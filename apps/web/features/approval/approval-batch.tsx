"use client";

import { useState } from "react";
import { CheckCheck } from "lucide-react";
import { toOpenedMeta } from "@inquiry-hub/protocol";
import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import type { AnswerOutcome } from "@/features/live";
import { noteForOutcome } from "@/features/live";
import { Button } from "@/lib/ui/button";
import { CARD_BUTTON, CardActions, CardError } from "@/features/inquiry";
import { describeApiError } from "@/lib/client/describe-api-error";
import { decideBatch } from "./batch-client";
import { coveredBy, skippedMessages } from "./batch-coverage";
import type { BatchAction } from "./batch-coverage";
import { BatchItems } from "./batch-items";
import { PendingQuestionCard } from "./pending-question-card";
import { RejectForm } from "./reject-form";

export interface ApprovalBatchProps {
  /** The hub's batch id the approvals share. */
  batchId: string;
  /** The open approvals of the batch this device shows, oldest first (at least two). */
  inquiries: readonly Inquiry[];
  onAnswer: (inquiryId: string, body: AnswerBody) => Promise<AnswerOutcome>;
  onClose: (inquiryId: string, note: Message) => void;
}

/**
 * Approvals that arrived together, shown as one group: a header listing each call (its risk,
 * tool and arguments in one line), Approve all and Reject all, and each call's own card to
 * decide it alone. A group button sends ONE decision naming exactly the approvals it covers
 * here ("Approve 4"): a team's approval, a high-risk one and one whose policy does not allow
 * the action are marked "decide on its own" and left out. The hub's answer closes what it
 * decided and says in plain words what it left.
 */
export function ApprovalBatch({ batchId, inquiries, onAnswer, onClose }: ApprovalBatchProps) {
  const t = useT();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [left, setLeft] = useState<Message[]>([]);
  const approvable = coveredBy(inquiries, "approve");
  const rejectable = coveredBy(inquiries, "reject");
  const upstream = inquiries[0]?.approval?.upstream ?? "";

  async function decideAll(action: BatchAction, reason?: string): Promise<void> {
    const covered = action === "approve" ? approvable : rejectable;
    setSending(true);
    setProblem(undefined);
    try {
      const result = await decideBatch(batchId, {
        action,
        inquiryIds: covered.map((inquiry) => inquiry.id),
        ...(reason === undefined ? {} : { reason }),
      });
      const note = noteForOutcome({ kind: "resolved" }, { action });
      for (const { inquiryId } of result.decided) onClose(inquiryId, note);
      for (const { inquiryId, reason: why } of result.skipped)
        if (why === "already-decided") onClose(inquiryId, { key: "note.elsewhere" });
      setLeft(skippedMessages(result.skipped));
    } catch (error) {
      setProblem(describeApiError(error, t, "batch.sendFailed"));
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      className="grid w-full min-w-0 gap-3 rounded-xl border-2 border-dashed border-attention-border p-3"
      aria-label={t("batch.region", { count: inquiries.length })}
      data-testid="approval-batch"
      data-batch-id={batchId}
    >
      <h2 className="m-0 text-base font-semibold">
        {t("batch.count", { count: inquiries.length, upstream })}
      </h2>
      <BatchItems inquiries={inquiries} />
      {(approvable.length > 1 || rejectable.length > 1) && (
        <div className="grid gap-2">
          {approvable.length > 1 && (
            <CardActions>
              <Button
                type="button"
                className={CARD_BUTTON}
                disabled={sending}
                onClick={() => void decideAll("approve")}
              >
                <CheckCheck aria-hidden />
                {approvable.length === inquiries.length
                  ? t("batch.approveAll")
                  : t("batch.approveSome", { count: approvable.length })}
              </Button>
            </CardActions>
          )}
          {rejectable.length > 1 && (
            <RejectForm
              disabled={sending}
              label={
                rejectable.length === inquiries.length
                  ? t("batch.rejectAll")
                  : t("batch.rejectSome", { count: rejectable.length })
              }
              onReject={(reason) => void decideAll("reject", reason)}
            />
          )}
        </div>
      )}
      {problem !== undefined && <CardError>{problem}</CardError>}
      {left.length > 0 && (
        <p className="text-sm" role="status" data-testid="batch-skipped">
          {left.map((message) => t(message.key, message.params)).join(" ")}
        </p>
      )}
      <ol className="grid gap-3">
        {inquiries.map((inquiry) => (
          <li key={inquiry.id} id={inquiry.id} className="min-w-0 scroll-mt-20">
            <PendingQuestionCard
              inquiry={toOpenedMeta(inquiry)}
              onAnswer={(body) => onAnswer(inquiry.id, body)}
              onClose={(note) => onClose(inquiry.id, note)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
