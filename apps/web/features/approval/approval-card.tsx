"use client";

import { useState } from "react";
import { Check, Eye, Pencil, ShieldAlert } from "lucide-react";
import type { AnswerBody, ApprovalDetails, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { Button } from "@/lib/ui/button";
import { useAnnounceOnMount } from "@/features/a11y";
import { useT } from "@/features/i18n";
import { AlwaysAllowButton } from "@/features/rules";
import type { AnswerOutcome } from "@/features/live";
import {
  CARD_BUTTON,
  CardActions,
  CardError,
  CardShell,
  useCardAnswer,
  useExpiryWarning,
} from "@/features/inquiry";
import { ApprovalProgress } from "./approval-progress";
import { ArgumentsEditor } from "./arguments-editor";
import { ArgumentsTable } from "./arguments-table";
import { EditPreview } from "./edit-preview";
import { draftsOf, readDrafts } from "./edited-arguments";
import type { ArgumentDraft } from "./edited-arguments";
import { readRefusal } from "./refusal";
import { RejectForm } from "./reject-form";
import { RiskLabel } from "./risk-label";

export interface ApprovalCardProps {
  /** The APPROVAL inquiry as the chat stream opened it, or `toOpenedMeta` of a hub record. */
  inquiry: InquiryOpenedMeta;
  approval: ApprovalDetails;
  /** Sends the decision (socket or HTTP); throws ApiClientError for a refusal to show. */
  onAnswer: (body: AnswerBody) => Promise<AnswerOutcome>;
  /** Called once this card's decision settled the approval (or found it settled). */
  onClose: (note: Message) => void;
}

/**
 * A gated tool call waiting for a person: the tool, the policy's description and the
 * arguments, with only the decisions the policy allows. Edit turns the arguments into one
 * field each and, below them, "Approve will send" lists exactly what the one approve button
 * left, "Approve with these changes", sends; the plain Approve of the agent's arguments is
 * back only after Cancel edit, so no button is ambiguous. A field that is not JSON, or the
 * hub's refusal of the edit (checked against the tool's inputSchema), shows right under the
 * field it names, in plain words (else under the button), and the card stays open. Unlike a question, nothing is sent when the countdown
 * ends: the hub applies the tool's own timeout rule (reject unless configured). Its arrival
 * is announced politely, without taking focus. The hub's risk label leads, above the tool;
 * a high-risk (fresh look) call says it is decided only here, on the card.
 */
export function ApprovalCard({ inquiry, approval, onAnswer, onClose }: ApprovalCardProps) {
  const t = useT();
  useAnnounceOnMount(t("announce.approval", { tool: approval.tool }));
  const [editing, setEditing] = useState(false);
  const [drafts, setDrafts] = useState<ArgumentDraft[]>(() => draftsOf(approval.arguments));
  const { send, clearProblem, isPending, problem, left, disabled } = useCardAnswer(
    inquiry.expiresAt,
    onAnswer,
    onClose,
    "approval.sendFailed",
  );
  const expiring = useExpiryWarning(inquiry.inquiryId, inquiry.expiresAt, left);
  const allows = (decision: ApprovalDetails["allowedDecisions"][number]): boolean =>
    approval.allowedDecisions.includes(decision);
  const read = readDrafts(drafts, t);
  const editable = allows("edit") && drafts.length > 0;
  const refused =
    problem === undefined
      ? undefined
      : readRefusal(
          problem,
          drafts.map((draft) => draft.name),
          t,
        );
  const refusal =
    editing && refused?.argument !== undefined
      ? { name: refused.argument, message: refused.text }
      : undefined;

  function change(name: string, text: string): void {
    if (refusal?.name === name) clearProblem();
    setDrafts((current) =>
      current.map((draft) => (draft.name === name ? { ...draft, text } : draft)),
    );
  }

  return (
    <CardShell
      testId="approval-card"
      label={t("approval.region", { tool: approval.tool })}
      kind={t("card.approvalNeeded")}
      icon={ShieldAlert}
      busy={isPending}
      left={left}
      problem={editing ? undefined : problem}
      expiring={expiring}
      inquiryId={inquiry.inquiryId}
    >
      {approval.risk !== undefined && <RiskLabel risk={approval.risk} />}
      {approval.freshLook === true && (
        <p
          className="flex items-start gap-2 rounded-lg bg-destructive-muted px-3 py-2 text-sm font-medium text-destructive-muted-foreground"
          data-testid="fresh-look-note"
        >
          <Eye aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t("risk.freshLook")}
        </p>
      )}
      <ApprovalProgress inquiryId={inquiry.inquiryId} />
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <code
            data-testid="approval-tool"
            className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-sm font-semibold text-foreground"
          >
            {approval.tool}
          </code>
          <span>{t("approval.via", { upstream: approval.upstream })}</span>
        </p>
        <p className="text-base font-medium" data-testid="approval-description" dir="auto">
          {approval.description}
        </p>
      </div>
      {editing ? (
        <>
          <ArgumentsEditor
            drafts={drafts}
            errors={read.errors}
            refusal={refusal}
            disabled={disabled}
            onChange={change}
          />
          <EditPreview read={read} original={approval.arguments} />
          <CardActions>
            <Button
              type="button"
              className={CARD_BUTTON}
              disabled={disabled || read.errors.size > 0 || read.changed.size === 0}
              onClick={() => send({ action: "edit", args: read.args })}
            >
              <Check aria-hidden />
              {t("approval.approveEdited")}
            </Button>
            <Button
              type="button"
              variant="secondary"
              className={CARD_BUTTON}
              disabled={isPending}
              onClick={() => {
                setEditing(false);
                setDrafts(draftsOf(approval.arguments));
              }}
            >
              {t("approval.cancelEdit")}
            </Button>
          </CardActions>
          {problem !== undefined && refusal === undefined && <CardError>{problem}</CardError>}
        </>
      ) : (
        <>
          <ArgumentsTable args={approval.arguments} />
          {(allows("approve") || editable) && (
            <CardActions>
              {allows("approve") && (
                <Button
                  type="button"
                  className={CARD_BUTTON}
                  disabled={disabled}
                  onClick={() => send({ action: "approve" })}
                >
                  <Check aria-hidden />
                  {t("card.approve")}
                </Button>
              )}
              {editable && (
                <Button
                  type="button"
                  variant="secondary"
                  className={CARD_BUTTON}
                  disabled={disabled}
                  onClick={() => setEditing(true)}
                >
                  <Pencil aria-hidden />
                  {t("approval.edit")}
                </Button>
              )}
              <AlwaysAllowButton
                inquiryId={inquiry.inquiryId}
                approval={approval}
                disabled={disabled}
                className={CARD_BUTTON}
                onApprove={() => send({ action: "approve" })}
              />
            </CardActions>
          )}
        </>
      )}
      {allows("reject") && (
        <RejectForm
          disabled={disabled}
          onReject={(reason) =>
            send({ action: "reject", ...(reason === undefined ? {} : { reason }) })
          }
        />
      )}
    </CardShell>
  );
}
