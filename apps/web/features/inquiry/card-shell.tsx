"use client";

import { useRef } from "react";
import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/ui/cn";
import { useT } from "@/features/i18n";
import { ReceiptLine, useSeenReceipt } from "@/features/receipts";
import { CardError } from "./card-error";
import { cardState } from "./card-state";
import { CardStatus, useAgentWaiting } from "./card-status";
import { ExtendButton } from "./extend-button";

export interface CardShellProps {
  /** The test id e2e tests find the card by: `inquiry-card` or `approval-card`. */
  testId: string;
  /** The region's accessible name. */
  label: string;
  /** The header's "what is this" line ("The agent asks", "Approval needed") and its icon. */
  kind: string;
  icon: LucideIcon;
  busy: boolean;
  /** Milliseconds until the card expires; no countdown without one. */
  left: number | undefined;
  /** A failure to show at the card's foot while it stays open. */
  problem: string | undefined;
  /** A fifth of the time is left: the badge says "Expiring soon" and More time stands out. */
  expiring?: boolean;
  /**
   * The inquiry the card shows: its "More time" button (with a countdown), whether the agent
   * waits, its delivery line and its "seen" receipt. None of them without one.
   */
  inquiryId?: string | undefined;
  children: ReactNode;
}

/**
 * The frame every answerable card shares, so questions and approvals look and read alike: a
 * labelled region as wide as its column whatever it holds (long words and arguments wrap
 * inside it), a header with the kind, the state badge, the time left and More time, the
 * body, any failure, and the delivery line at the foot.
 */
export function CardShell({
  testId,
  label,
  kind,
  icon: Icon,
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
  const state = cardState(useAgentWaiting(inquiryId), expiring);
  return (
    <section
      ref={ref}
      role="region"
      aria-label={label}
      data-testid={testId}
      data-state={state}
      aria-busy={busy}
      className={cn(
        "grid w-full min-w-0 scroll-mb-48 gap-4 rounded-xl border-2 bg-card p-4 text-card-foreground shadow-sm [overflow-wrap:anywhere]",
        state === "expiring" ? "border-destructive" : "border-attention-border",
      )}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="flex w-full items-center gap-2 font-semibold sm:w-auto">
          <Icon className="size-5 shrink-0 text-attention-border" aria-hidden />
          {kind}
        </span>
        <CardStatus state={state} left={left} expiring={expiring} />
        {left !== undefined && inquiryId !== undefined && (
          <ExtendButton inquiryId={inquiryId} disabled={busy || left <= 0} prominent={expiring} />
        )}
        {state === "away" && (
          <p className="w-full text-sm text-muted-foreground">{t("cards.awayHint")}</p>
        )}
      </header>
      {children}
      {problem !== undefined && <CardError>{problem}</CardError>}
      {inquiryId !== undefined && <ReceiptLine inquiryId={inquiryId} />}
    </section>
  );
}
