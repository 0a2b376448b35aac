/**
 * Whether the page moving from conversation `previous` to `next` keeps the run it follows:
 * only when `next` is the conversation a message sent in a new chat just created (`started`),
 * which the page then puts in the URL while the run that message began goes on streaming.
 * Any other move, back to a conversation this tab started earlier included, leaves the run
 * followed so far, and `next` attaches to its own.
 *
 * @example keepsFollowedRun(undefined, "c1", "c1") // true: the new chat became c1
 * @example keepsFollowedRun("c2", "c1", "c1") // false: c2's run must not show in c1
 */
export function keepsFollowedRun(
  previous: string | undefined,
  next: string | undefined,
  started: string | undefined,
): boolean {
  return previous === undefined && next !== undefined && next === started;
}
