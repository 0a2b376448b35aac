"use client";

import { useRef } from "react";
import type { ReactNode } from "react";
import { translateMessage } from "@/lib/i18n/translate";
import type { Message } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import { AgentWaitingLine } from "./agent-waiting-line";
import { ExtendButton } from "./extend-button";
import { ReceiptLine, useSeenReceipt } from "@/features/receipts";
import { formatClock } from "./format-countdown";
import "./inquiry-card.css";

export interface CardShellProps {
  /** The test id e2e tests find the card by: `inquiry-card` or `approval-card`. */
  testId: string;
  className: string;
  /** The region's accessible name. */
  label: string;
  /** The header's "what is this" line ("The agent asks", "Approval needed"). */
  kind: string;
  busy: boolean;
  /** Milliseconds until the card expires; no countdown without one. */
  left: number | undefined;
  /** A failure to show under the card while it stays open. */
  problem: string | undefined;
  /** A fifth of the time is left: the countdown says "Expires soon" and More time stands out. */
  expiring?: boolean;
  /**
   * The inquiry the card shows: its "More time" button (with a countdown), whether the agent
   * waits, its delivery line and its "seen" receipt. None of them without one.
   */
  inquiryId?: string | undefined;
  children: ReactNode;
}

/**
 * The frame every answerable card shares, so questions and approvals look and read alike:
 * a labelled region, a header with the kind and the countdown, the body, and the failure
 * line at the foot.
 */
export function CardShell({
  testId,
  className,
  label,
  kind,
  busy,
  left,
  problem,
  expiring = false,
  inquiryId,
  children,
}: CardShellProps) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  useSeenReceipt(ref, inquiryId);
  return (
    <section
      ref={ref}
      role="region"
      aria-label={label}
      data-testid={testId}
      className={className}
      aria-busy={busy}
    >
      <div className="inquiry-card__header">
        <span className="inquiry-card__kind">{kind}</span>
        {left !== undefined && (
          <span
            className="inquiry-card__countdown"
            data-testid="inquiry-countdown"
            data-expiring={expiring}
            role="timer"
          >
            {t(expiring ? "card.expiresSoon" : "card.timeLeft", { time: formatClock(left) })}
          </span>
        )}
        {left !== undefined && inquiryId !== undefined && (
          <ExtendButton inquiryId={inquiryId} disabled={busy || left <= 0} prominent={expiring} />
        )}
      </div>
      {children}
      {inquiryId !== undefined && <AgentWaitingLine inquiryId={inquiryId} />}
      {inquiryId !== undefined && <ReceiptLine inquiryId={inquiryId} />}
      {problem !== undefined && (
        <p role="alert" className="error" data-testid="error-message">
          {problem}
        </p>
      )}
    </section>
  );
}

/**
 * What stays where a card was once it closed: in the chat for good (`closed`), in the inbox
 * for a few seconds while it fades (`leaving`). Deliberately not a card: nothing to answer.
 */
export function ClosedCardNote({ note, leaving = false }: { note: Message; leaving?: boolean }) {
  const t = useT();
  return leaving ? (
    <p className="inquiry-closed inquiry-leaving" data-testid="inquiry-withdrawn-note">
      {translateMessage(t, note)}
    </p>
  ) : (
    <p className="inquiry-closed" data-testid="inquiry-closed" dir="auto">
      {translateMessage(t, note)}
    </p>
  );
}
