"use client";

import { useContext } from "react";
import { Clock, Hourglass, PauseCircle } from "lucide-react";
import { Badge } from "@/lib/ui/badge";
import { cn } from "@/lib/ui/cn";
import { useT } from "@/features/i18n";
import { LiveInquiriesContext } from "@/features/live";
import { CARD_STATE_LABEL } from "./card-state";
import type { CardState } from "./card-state";
import { formatClock } from "./format-countdown";

const TONE = { waiting: "attention", expiring: "danger", away: "neutral" } as const;
const ICON = { waiting: Hourglass, expiring: Clock, away: PauseCircle } as const;

/**
 * Whether the agent's call waits for this inquiry: from the tab's pending records, which the
 * hub's `inquiry:agent-waiting` events and every pending list keep current; undefined for an
 * inquiry this tab has no record of.
 */
export function useAgentWaiting(inquiryId: string | undefined): boolean | undefined {
  const live = useContext(LiveInquiriesContext);
  if (inquiryId === undefined) return undefined;
  const record = live?.pending?.find((inquiry) => inquiry.id === inquiryId);
  return record === undefined ? undefined : record.agentWaiting !== false;
}

/**
 * The top of an open card: a badge with its state (Waiting, Expiring soon, The agent is not
 * waiting right now) and the time left, which turns to a warning in the last fifth.
 */
export function CardStatus({
  state,
  left,
  expiring,
}: {
  state: CardState;
  left: number | undefined;
  expiring: boolean;
}) {
  const t = useT();
  const Icon = ICON[state];
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <Badge
        tone={TONE[state]}
        data-testid="inquiry-state"
        data-state={state}
        role="status"
        className="whitespace-normal"
      >
        <Icon className="size-3.5 shrink-0" aria-hidden />
        {t(CARD_STATE_LABEL[state])}
      </Badge>
      {left !== undefined && (
        <span
          data-testid="inquiry-countdown"
          data-expiring={expiring}
          role="timer"
          className={cn(
            "text-sm tabular-nums",
            expiring ? "font-semibold text-destructive-muted-foreground" : "text-muted-foreground",
          )}
        >
          {t("card.timeLeft", { time: formatClock(left) })}
        </span>
      )}
    </span>
  );
}
