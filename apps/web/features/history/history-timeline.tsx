"use client";

import type { ReactNode } from "react";
import type {
  DeliveryAttempt,
  DeliveryReceipt,
  HistoryAuditEntry,
  HistoryVote,
} from "@inquiry-hub/protocol";
import { useI18n } from "@/features/i18n";
import { describeStep, receiptDuration } from "@/features/receipts";
import { translateMessage } from "@/lib/i18n/translate";
import type { MessageKey } from "@/lib/i18n/translate";
import { cn } from "@/lib/ui/cn";
import { STATUS_LABELS } from "./describe-history";
import { formatDateTime } from "./format-history";

const DECISION_LABELS: Record<HistoryVote["decision"], MessageKey> = {
  approve: "history.decision.approve",
  edit: "history.decision.edit",
  reject: "history.decision.reject",
};

const RECEIPT_LABELS: Record<DeliveryReceipt["channel"], MessageKey> = {
  socket: "receipts.viaSocket",
  push: "receipts.viaPush",
  webhook: "receipts.viaWebhook",
  app: "receipts.viaApp",
  notification: "receipts.viaNotification",
};

/** One line of a timeline: the moment in the person's language, then what happened. */
function Entry({
  at,
  testId,
  failed = false,
  children,
}: {
  at: string;
  testId: string;
  failed?: boolean;
  children: ReactNode;
}) {
  const { locale } = useI18n();
  return (
    <li
      data-testid={testId}
      className={cn(
        "grid gap-0.5 border-l-2 py-1 pl-3 text-sm sm:grid-cols-[11rem_1fr] sm:gap-3",
        failed && "border-destructive text-destructive-muted-foreground",
      )}
    >
      <time dateTime={at} className="text-xs text-muted-foreground sm:pt-0.5">
        {formatDateTime(at, locale)}
      </time>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** A titled list of entries, oldest first. */
export function TimelineSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      <ol className="grid gap-1">{children}</ol>
    </section>
  );
}

export function AuditEntry({ entry }: { entry: HistoryAuditEntry }) {
  const { t } = useI18n();
  const who = entry.byDeviceName ?? entry.byDeviceId ?? t("history.theHub");
  return (
    <Entry at={entry.at} testId="audit-entry">
      {entry.from === null
        ? t("history.asked", { status: t(STATUS_LABELS[entry.to]) })
        : t("history.transition", {
            from: t(STATUS_LABELS[entry.from]),
            to: t(STATUS_LABELS[entry.to]),
            who,
          })}
    </Entry>
  );
}

/** One person's vote on a shared (team) approval. */
export function VoteEntry({ vote }: { vote: HistoryVote }) {
  const { t } = useI18n();
  return (
    <Entry at={vote.at} testId="history-vote">
      {t("history.vote", {
        who: vote.username ?? vote.userId,
        device: vote.deviceName ?? vote.deviceId,
        decision: t(DECISION_LABELS[vote.decision]),
      })}
    </Entry>
  );
}

/**
 * One receipt: "Pixel 7: delivered (live connection)", "Pixel 7: seen (notification)", or a
 * routing plan's step: "Routing plan: push held: quiet hours, 7.5 hr more".
 */
export function ReceiptEntry({ receipt }: { receipt: DeliveryReceipt }) {
  const { t, locale } = useI18n();
  const step = describeStep(receipt, receiptDuration(locale));
  return (
    <Entry at={receipt.at} testId="receipt-entry">
      {step === undefined
        ? t(receipt.kind === "seen" ? "receipts.entrySeen" : "receipts.entryDelivered", {
            target: receipt.targetName,
            how: t(RECEIPT_LABELS[receipt.channel]),
          })
        : t("receipts.entryStep", { step: translateMessage(t, step) })}
    </Entry>
  );
}

export function DeliveryEntry({ attempt }: { attempt: DeliveryAttempt }) {
  const { t } = useI18n();
  const what =
    attempt.purpose === "created" ? "history.deliveryQuestion" : "history.deliveryOutcome";
  return (
    <Entry at={attempt.at} testId="delivery-entry" failed={!attempt.ok}>
      {t(what, { attempt: attempt.attempt })}{" "}
      {attempt.ok
        ? t("history.delivered")
        : t("history.deliveryError", { error: attempt.error ?? t("history.unknownError") })}
      {!attempt.ok && attempt.final ? t("history.gaveUp") : ""}
    </Entry>
  );
}
