"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { DeliveryAttempt, HistoryAuditEntry } from "@inquiry-hub/protocol";
import { STATUS_LABELS, describeOutcome, describeResolution } from "./describe-history";
import "./history.css";
import { HistoryRequestError, fetchHistoryDetail } from "./history-client";

function AuditEntry({ entry }: { entry: HistoryAuditEntry }) {
  const who = entry.byDeviceName ?? entry.byDeviceId ?? "the hub";
  return (
    <li data-testid="audit-entry">
      <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>{" "}
      {entry.from === null
        ? `Asked (${STATUS_LABELS[entry.to]})`
        : `${STATUS_LABELS[entry.from]} → ${STATUS_LABELS[entry.to]} by ${who}`}
    </li>
  );
}

function DeliveryEntry({ attempt }: { attempt: DeliveryAttempt }) {
  const what = attempt.purpose === "created" ? "question" : "outcome";
  return (
    <li data-testid="delivery-entry" className={attempt.ok ? undefined : "error"}>
      <time dateTime={attempt.at}>{new Date(attempt.at).toLocaleString()}</time> Webhook {what}, try{" "}
      {attempt.attempt}: {attempt.ok ? "delivered" : `failed (${attempt.error ?? "unknown"})`}
      {!attempt.ok && attempt.final ? ", gave up" : ""}
    </li>
  );
}

/** One inquiry: question, outcome, and every state change and delivery, oldest first. */
export function HistoryDetailView({ id }: { id: string }) {
  const { data, error, isPending } = useQuery({
    queryKey: ["history", "detail", id],
    queryFn: () => fetchHistoryDetail(id),
  });
  const outcome = data === undefined ? undefined : describeOutcome(data.item);
  const resolution = data === undefined ? undefined : describeResolution(data.item);

  return (
    <main className="history">
      <p>
        <Link href="/history">← History</Link>
      </p>
      {isPending && <p className="hint">Loading…</p>}
      {error !== null && (
        <p role="alert" className="error">
          {error instanceof HistoryRequestError ? error.message : "Could not load this inquiry."}
        </p>
      )}
      {data !== undefined && (
        <>
          <h1>{data.item.question}</h1>
          <p data-testid="history-detail-status">
            {STATUS_LABELS[data.item.status]}
            {outcome === undefined ? "" : `: “${outcome}”`}
            {resolution === undefined ? "" : ` ${resolution}`}
          </p>
          {data.item.approval !== undefined && (
            <p className="hint">
              Tool {data.item.approval.tool} on {data.item.approval.upstream}
              {data.item.approval.runId === undefined ? "" : `, run ${data.item.approval.runId}`}
            </p>
          )}
          <h2>Audit trail</h2>
          <ol className="audit-trail">
            {data.audit.map((entry) => (
              <AuditEntry key={`${entry.at}-${entry.to}`} entry={entry} />
            ))}
          </ol>
          {data.deliveries.length > 0 && (
            <>
              <h2>Deliveries</h2>
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
