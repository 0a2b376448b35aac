import type { MessageKey } from "@/lib/i18n/translate";

/** What an open card's badge says about it. */
export type CardState = "waiting" | "expiring" | "away";

/**
 * The state an open card shows: `away` once the agent's asking call left (an answer still
 * reaches it when it asks again; absent means waiting, as hubs from before the field never
 * said otherwise), else `expiring` in the last fifth of its time, else `waiting`. Away wins
 * over expiring: the countdown beside the badge still turns to a warning.
 *
 * @example cardState(false, true) // "away"
 */
export function cardState(agentWaiting: boolean | undefined, expiring: boolean): CardState {
  if (agentWaiting === false) return "away";
  return expiring ? "expiring" : "waiting";
}

/** The badge's words for each state. */
export const CARD_STATE_LABEL: Record<CardState, MessageKey> = {
  waiting: "cards.waiting",
  expiring: "cards.expiring",
  away: "cards.away",
};
