"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type {
  DeliveryAttempt,
  DeliveryReceipt,
  HistoryAuditEntry,
  HistoryVote,
} from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import type { MessageKey } from "@/lib/i18n/translate";
import { STATUS_LABELS, describeOutcome, describeResolution } from "./describe-history";
import "./history.css";
import { fetchHistoryDetail } from "./history-client";

const DECISION_LABELS: Record<HistoryVote["decision"], MessageKey> = {
  approve: "history.decision.approve",
  edit: "history.decision.edit",
  reject: "history.decision.reject",
};

/** One person's vote on a shared (team) approval. */
function VoteEntry({ vote }: { vote: HistoryVote }) {
  const t = useT();
  return (
    <li data-testid="history-vote">
      <time dateTime={vote.at}>{new Date(vote.at).toLocaleString()}</time>{" "}
      {t("history.vote", {
        who: vote.username ?? vote.userId,
        device: vote.deviceName ?? vote.deviceId,
        decision: t(DECISION_LABELS[vote.decision]),
      })}
    </li>
  );
}

function AuditEntry({ entry }: { entry: HistoryAuditEntry }) {
  const t = useT();
  const who = entry.byDeviceName ?? entry.byDeviceId ?? t("history.theHub");
  return (
    <li data-testid="audit-entry">
      <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>{" "}
      {entry.from === null
        ? t("history.asked", { status: t(STATUS_LABELS[entry.to]) })
        : t("history.transition", {
            from: t(STATUS_LABELS[entry.from]),
            to: t(STATUS_LABELS[entry.to]),
            who,
          })}
    </li>
  );
}

function DeliveryEntry({ attempt }: { attempt: DeliveryAttempt }) {
  const t = useT();
  const what =
    attempt.purpose === "created" ? "history.deliveryQuestion" : "history.deliveryOutcome";
  return (
    <li data-testid="delivery-entry" className={attempt.ok ? undefined : "error"}>
      <time dateTime={attempt.at}>{new Date(attempt.at).toLocaleString()}</time>{" "}
      {t(what, { attempt: attempt.attempt })}{" "}
      {attempt.ok
        ? t("history.delivered")
        : t("history.deliveryError", { error: attempt.error ?? t("history.unknownError") })}
      {!attempt.ok && attempt.final ? t("history.gaveUp") : ""}
    </li>
  );
}

const RECEIPT_LABELS: Record<DeliveryReceipt["channel"], MessageKey> = {
  socket: "receipts.viaSocket",
  push: "receipts.viaPush",
  webhook: "receipts.viaWebhook",
  app: "receipts.viaApp",
  notification: "receipts.viaNotification",
};

/** One receipt: "14:02 Pixel 7: delivered (live connection)", "14:03 Pixel 7: seen (notification)". */
function ReceiptEntry({ receipt }: { receipt: DeliveryReceipt }) {
  const t = useT();
  return (
    <li data-testid="receipt-entry">
      <time dateTime={receipt.at}>{new Date(receipt.at).toLocaleString()}</time>{" "}
      {t(receipt.kind === "seen" ? "receipts.entrySeen" : "receipts.entryDelivered", {
        target: receipt.targetName,
        how: t(RECEIPT_LABELS[receipt.channel]),
      })}
    </li>
  );
}

/** One inquiry: question, outcome, and every state change and delivery, oldest first. */
export function HistoryDetailView({ id }: { id: string }) {
  const t = useT();
  const { data, error, isPending } = useQuery({
    queryKey: queryKeys.historyDetail(id),
    queryFn: () => fetchHistoryDetail(id),
  });
  const outcome = data === undefined ? undefined : describeOutcome(data.item);
  const resolution = data === undefined ? undefined : describeResolution(data.item, t);

  return (
    <main className="history">
      <p>
        <Link href="/history">{t("history.back")}</Link>
      </p>
      {isPending && <p className="hint">{t("common.loading")}</p>}
      {error !== null && (
        <p role="alert" className="error">
          {describeApiError(error, t, "history.detailLoadFailed", {
            unreachable: "history.unreachable",
          })}
        </p>
      )}
      {data !== undefined && (
        <>
          <h1>{data.item.question}</h1>
          <p data-testid="history-detail-status">
            {t(STATUS_LABELS[data.item.status])}
            {outcome === undefined ? "" : `: “${outcome}”`}
            {resolution === undefined ? "" : ` ${resolution}`}
          </p>
          {data.item.approval !== undefined && (
            <p className="hint">
              {t("history.toolOn", {
                tool: data.item.approval.tool,
                upstream: data.item.approval.upstream,
              })}
              {data.item.approval.runId === undefined
                ? ""
                : t("history.run", { runId: data.item.approval.runId })}
            </p>
          )}
          <h2>{t("history.audit")}</h2>
          <ol className="audit-trail">
            {data.audit.map((entry) => (
              <AuditEntry key={`${entry.at}-${entry.to}`} entry={entry} />
            ))}
          </ol>
          {data.votes !== undefined && data.votes.length > 0 && (
            <>
              <h2>{t("history.votes")}</h2>
              <ol className="vote-list">
                {data.votes.map((vote) => (
                  <VoteEntry key={vote.userId} vote={vote} />
                ))}
              </ol>
            </>
          )}
          {data.item.receipts !== undefined && data.item.receipts.length > 0 && (
            <>
              <h2>{t("receipts.region")}</h2>
              <ol className="receipt-list">
                {data.item.receipts.map((receipt) => (
                  <ReceiptEntry
                    key={`${receipt.kind}-${receipt.channel}-${receipt.targetId}`}
                    receipt={receipt}
                  />
                ))}
              </ol>
            </>
          )}
          {data.deliveries.length > 0 && (
            <>
              <h2>{t("history.deliveries")}</h2>
              <ol className="delivery-list">
                {data.deliveries.map((attempt) => (
                  <DeliveryEntry
                    key={`${attempt.at}-${attempt.purpose}-${attempt.attempt}`}
                    attempt={attempt}
                  />
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </main>
  );
}
