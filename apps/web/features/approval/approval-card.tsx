"use client";

import { useId, useState } from "react";
import type { AnswerBody, ApprovalDetails, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { useAnnounceOnMount } from "@/features/a11y";
import { useT } from "@/features/i18n";
import { ApprovalProgress } from "./approval-progress";
import type { AnswerOutcome } from "@/features/live";
import { CardShell, useCardAnswer, useExpiryWarning } from "@/features/inquiry";
import { ArgumentsTable } from "./arguments-table";
import { formatArguments, parseEditedArguments } from "./edited-arguments";
import "./approval.css";

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
 * arguments, with only the decisions the policy allows. Edit opens a JSON editor of the
 * arguments; a refused edit (the hub checks it against the tool's inputSchema) shows the
 * hub's reason and the card stays open. Unlike a question, nothing is sent when the
 * countdown ends: the hub applies the tool's own timeout rule (reject unless configured).
 * Its arrival is announced politely, without taking focus.
 */
export function ApprovalCard({ inquiry, approval, onAnswer, onClose }: ApprovalCardProps) {
  const t = useT();
  useAnnounceOnMount(t("announce.approval", { tool: approval.tool }));
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => formatArguments(approval.arguments));
  const [draftProblem, setDraftProblem] = useState<string | undefined>(undefined);
  const [reason, setReason] = useState("");
  const editorId = useId();
  const reasonId = useId();
  const { send, isPending, problem, left, disabled } = useCardAnswer(
    inquiry.expiresAt,
    onAnswer,
    onClose,
    "approval.sendFailed",
  );
  const expiring = useExpiryWarning(inquiry.inquiryId, inquiry.expiresAt, left);
  const allows = (decision: ApprovalDetails["allowedDecisions"][number]): boolean =>
    approval.allowedDecisions.includes(decision);

  function submitEdit(): void {
    const parsed = parseEditedArguments(draft, t);
    if (!parsed.ok) {
      setDraftProblem(parsed.message);
      return;
    }
    setDraftProblem(undefined);
    send({ action: "edit", args: parsed.args });
  }

  return (
    <CardShell
      testId="approval-card"
      className="inquiry-card approval-card"
      label={t("approval.region", { tool: approval.tool })}
      kind={t("card.approvalNeeded")}
      busy={isPending}
      left={left}
      problem={draftProblem ?? problem}
      expiring={expiring}
      inquiryId={inquiry.inquiryId}
    >
      <ApprovalProgress inquiryId={inquiry.inquiryId} />
      <p className="approval-card__tool">
        {t("approval.tool")} <code data-testid="approval-tool">{approval.tool}</code> (
        {approval.upstream})
      </p>
      <p className="approval-card__description" dir="auto">
        {approval.description}
      </p>
      <ArgumentsTable args={approval.arguments} />
      {editing && (
        <div className="approval-card__editor">
          <label htmlFor={editorId}>{t("approval.argumentsJson")}</label>
          <textarea
            id={editorId}
            rows={Math.min(12, draft.split("\n").length + 1)}
            value={draft}
            disabled={disabled}
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="inquiry-card__options">
            <button type="button" disabled={disabled} onClick={submitEdit}>
              {t("approval.submitEdit")}
            </button>
            <button
              type="button"
              className="button--secondary"
              disabled={isPending}
              onClick={() => setEditing(false)}
            >
              {t("approval.cancelEdit")}
            </button>
          </div>
        </div>
      )}
      <div className="inquiry-card__options">
        {allows("approve") && (
          <button type="button" disabled={disabled} onClick={() => send({ action: "approve" })}>
            {t("card.approve")}
          </button>
        )}
        {allows("edit") && !editing && (
          <button type="button" disabled={disabled} onClick={() => setEditing(true)}>
            {t("approval.edit")}
          </button>
        )}
      </div>
      {allows("reject") && (
        <form
          className="inquiry-card__answer"
          onSubmit={(event) => {
            event.preventDefault();
            const text = reason.trim();
            send({ action: "reject", ...(text === "" ? {} : { reason: text }) });
          }}
        >
          <label htmlFor={reasonId}>{t("approval.reason")}</label>
          <div className="inquiry-card__answer-row">
            <input
              id={reasonId}
              type="text"
              value={reason}
              autoComplete="off"
              placeholder={t("approval.reasonPlaceholder")}
              disabled={disabled}
              onChange={(event) => setReason(event.target.value)}
            />
            <button type="submit" className="button--secondary" disabled={disabled}>
              {t("approval.reject")}
            </button>
          </div>
        </form>
      )}
    </CardShell>
  );
}
