"use client";

import { toOpenedMeta } from "@inquiry-hub/protocol";
import { Badge } from "@/lib/ui/badge";
import { FieldError } from "@/lib/ui/input";
import type { Inquiry } from "@inquiry-hub/protocol";
import { ApprovalBatch, groupByBatch, PendingQuestionCard } from "@/features/approval";
import { useT } from "@/features/i18n";
import { LeavingCardNote } from "@/features/inquiry";
import { useHubConnection, useLiveInquiries } from "@/features/live";
import type { LeavingCard } from "@/features/live";
import { EnableNotificationsButton } from "./enable-notifications-button";
import { useOpenInquiries } from "./use-open-inquiries";
import { InboxEmpty } from "./inbox-empty";

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

/** Open approvals that arrived together share the hub's `batchId`; leaving notes are never grouped. */
function batchIdOf(entry: Entry): string | undefined {
  return entry.kind === "open" ? entry.inquiry.approval?.batchId : undefined;
}

/**
 * The inbox: every pending inquiry of this user as an answerable card in one column, oldest
 * first, under a heading that counts them, kept live by the tab's socket. A card another
 * device resolved leaves a short note of the same width that fades away. Approvals of one
 * batch (they arrived together) show as one group with "Approve all" and "Reject all". Each
 * card's item carries the inquiry's id, so a notification's `/inbox#<id>` link lands on it.
 */
export function InboxView() {
  const t = useT();
  const { open, isPending, isError } = useOpenInquiries();
  const { answer, connected, connectCount, protocolMismatch } = useHubConnection();
  const { leaving, settleLocally } = useLiveInquiries();
  const entries = entriesOf(open, leaving);

  return (
    <main className="mx-auto flex w-full max-w-3xl min-w-0 flex-1 flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 flex items-center gap-2 text-2xl font-semibold">
          {t("nav.inbox")}
          {open.length > 0 && (
            <Badge tone="attention" className="text-sm" data-testid="inbox-count">
              {t("inbox.count", { count: open.length })}
            </Badge>
          )}
        </h1>
        <EnableNotificationsButton />
      </div>
      {!connected && connectCount > 0 && protocolMismatch === undefined && (
        <p className="text-sm text-muted-foreground" role="status" data-testid="connection-hint">
          {t("inbox.reconnecting")}
        </p>
      )}
      {isError && open.length === 0 && (
        <FieldError data-testid="error-message">{t("inbox.loadFailed")}</FieldError>
      )}
      {isPending && entries.length === 0 && (
        <p className="text-sm text-muted-foreground">{t("common.loading")}</p>
      )}
      {!isPending && entries.length === 0 && <InboxEmpty />}
      <ol className="grid min-w-0 gap-4">
        {groupByBatch(entries, batchIdOf).map((group) => {
          if (group.kind === "batch")
            return (
              <li key={group.batchId} className="min-w-0">
                <ApprovalBatch
                  batchId={group.batchId}
                  inquiries={group.entries.map((entry) => entry.inquiry)}
                  onAnswer={answer}
                  onClose={settleLocally}
                />
              </li>
            );
          const entry = group.entry;
          return (
            <li key={entry.inquiry.id} id={entry.inquiry.id} className="min-w-0 scroll-mt-20">
              {entry.kind === "open" ? (
                <PendingQuestionCard
                  inquiry={toOpenedMeta(entry.inquiry)}
                  onAnswer={(body) => answer(entry.inquiry.id, body)}
                  onClose={(note) => settleLocally(entry.inquiry.id, note)}
                />
              ) : (
                <LeavingCardNote note={entry.note} question={entry.inquiry.question} />
              )}
            </li>
          );
        })}
      </ol>
    </main>
  );
}
