import type { ChatItem, RunConnection } from "./chat-state";

/** How a live question card shows: answerable, held while the run is out of reach, or stale. */
export type CardAvailability = "open" | "held" | "stale" | "closed";

/**
 * Whether a question card of the live turn may be answered. Closed cards stay closed. While
 * the run's stream is lost, every open card is held ("reconnecting"), since nothing proves it
 * is still asked. A card seen through a re-attach or a detach is answerable only while the
 * hub's pending list (`pendingIds`, undefined until known) still has it: held until the list
 * is known, stale once the list lacks it. A stale question is never answerable.
 */
export function cardAvailability(
  item: Extract<ChatItem, { kind: "inquiry" }>,
  connection: RunConnection,
  pendingIds: ReadonlySet<string> | undefined,
): CardAvailability {
  if (item.closedNote !== undefined) return "closed";
  if (connection === "reconnecting") return "held";
  if (item.recheck !== true) return "open";
  if (pendingIds === undefined) return "held";
  return pendingIds.has(item.inquiry.inquiryId) ? "open" : "stale";
}
