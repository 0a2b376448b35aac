"use client";

import { useContext } from "react";
import type { MessageKey } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import { LiveInquiriesContext } from "@/features/live";

/**
 * The words for whether the agent waits. Absent means waiting: the asking call is attached
 * until it leaves, and hubs from before the field never said otherwise.
 */
export function agentWaitingKey(agentWaiting: boolean | undefined): MessageKey {
  return agentWaiting === false ? "card.agentAway" : "card.agentWaiting";
}

/**
 * A card's line saying whether a call of the agent waits for the answer right now, or
 * stepped away (its call timed out or dropped; the question stays open and the answer
 * reaches the agent when it asks again). Read from the tab's pending records, which the
 * hub's `inquiry:agent-waiting` events and every pending list keep current; nothing for an
 * inquiry this tab has no record of.
 */
export function AgentWaitingLine({ inquiryId }: { inquiryId: string }) {
  const t = useT();
  const live = useContext(LiveInquiriesContext);
  const record = live?.pending?.find((inquiry) => inquiry.id === inquiryId);
  if (record === undefined) return null;
  const waiting = record.agentWaiting !== false;
  return (
    <p
      className="inquiry-card__agent"
      data-testid="inquiry-agent-waiting"
      data-waiting={waiting}
      role="status"
    >
      {t(agentWaitingKey(record.agentWaiting))}
    </p>
  );
}
