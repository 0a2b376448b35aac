/**
 * The time left until a deadline as a clock: "1:54", "1:02:03". The words around it
 * ("{time} left") come from the message table. Rounds up to the next whole second, so it
 * reads "0:00" only once the deadline has actually passed; negative values clamp to zero.
 *
 * @example formatClock(114_000) // "1:54"
 */
export function formatClock(millisecondsLeft: number): string {
  const totalSeconds = Math.max(0, Math.ceil(millisecondsLeft / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const paddedSeconds = String(seconds).padStart(2, "0");
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, "0")}:${paddedSeconds}`;
  return `${minutes}:${paddedSeconds}`;
}

/** Milliseconds from `now` until an ISO deadline; undefined when there is no valid deadline. */
export function millisecondsUntil(deadline: string | undefined, now: number): number | undefined {
  if (deadline === undefined) return undefined;
  const at = Date.parse(deadline);
  return Number.isNaN(at) ? undefined : at - now;
}
