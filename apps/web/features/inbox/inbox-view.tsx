"use client";

import { toOpenedMeta } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import { ApprovalRun, groupByRun, PendingQuestionCard } from "@/features/approval";
import { useT } from "@/features/i18n";
import { ClosedCardNote } from "@/features/inquiry";
import { useHubConnection, useLiveInquiries } from "@/features/live";
import type { LeavingCard } from "@/features/live";
import { EnableNotificationsButton } from "./enable-notifications-button";
import { useOpenInquiries } from "./use-open-inquiries";
import "./inbox.css";

type Entry = { kind: "open"; inquiry: Inquiry } | ({ kind: "leaving" } & LeavingCard);

function entriesOf(open: readonly Inquiry[], leaving: readonly LeavingCard[]): Entry[] {
  const entries: Entry[] = [
    ...open.map((inquiry) => ({ kind: "open" as const, inquiry })),
    ...leaving
      .filter((card) => !open.some((inquiry) => inquiry.id === card.inquiry.id))
      .map((card) => ({ kind: "leaving" as const, ...card })),
  ];
  return entries.sort((left, right) =>
    left.inquiry.createdAt.localeCompare(right.inquiry.createdAt),
  );
}

/** Open approvals of one agent run share its `runId`; leaving notes are never grouped. */
function runIdOf(entry: Entry): string | undefined {
  return entry.kind === "open" ? entry.inquiry.approval?.runId : undefined;
}

/**
 * The inbox: every pending inquiry of this user as an answerable card, kept live by the
 * tab's socket. A card another device resolved leaves a short note that fades away.
 * Approvals of one agent run are shown together, with "Approve all".
 */
export function InboxView() {
  const t = useT();
  const { open, isPending, isError } = useOpenInquiries();
  const { answer, connected, connectCount, protocolMismatch } = useHubConnection();
  const { leaving, settleLocally } = useLiveInquiries();
  const entries = entriesOf(open, leaving);

  return (
    <main className="inbox">
      <div className="page-heading">
        <h1>{t("nav.inbox")}</h1>
        <EnableNotificationsButton />
      </div>
      {!connected && connectCount > 0 && protocolMismatch === undefined && (
        <p className="hint" data-testid="connection-hint">
          {t("inbox.reconnecting")}
        </p>
      )}
      {isError && open.length === 0 && (
        <p role="alert" className="error" data-testid="error-message">
          {t("inbox.loadFailed")}
        </p>
      )}
      {isPending && entries.length === 0 && <p className="hint">{t("common.loading")}</p>}
      {!isPending && entries.length === 0 && (
        <p className="hint" data-testid="inbox-empty">
          {t("inbox.empty")}
        </p>
      )}
      <ol className="inbox__list">
        {groupByRun(entries, runIdOf).map((group) => {
          if (group.kind === "run")
            return (
              <li key={group.runId}>
                <ApprovalRun
                  inquiries={group.entries.map((entry) => entry.inquiry)}
                  onAnswer={answer}
                  onClose={settleLocally}
                />
              </li>
            );
          const entry = group.entry;
          return (
            <li key={entry.inquiry.id}>
              {entry.kind === "open" ? (
                <PendingQuestionCard
                  inquiry={toOpenedMeta(entry.inquiry)}
                  onAnswer={(body) => answer(entry.inquiry.id, body)}
                  onClose={(note) => settleLocally(entry.inquiry.id, note)}
                />
              ) : (
                <ClosedCardNote note={entry.note} leaving />
              )}
            </li>
          );
        })}
      </ol>
    </main>
  );
}
