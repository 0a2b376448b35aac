import { z } from "zod";

/** A day as a link names it: `YYYY-MM-DD`, a date that exists on the calendar. */
const LinkedDaySchema = z.iso.date();

/**
 * The day the digest opens on. A daily digest's notification links `/digest?day=…`: that day
 * when it is a real date that has begun on this browser's calendar (`today` or before), else
 * `fallback`, with `refused` set when a `day` was given but could not be shown (malformed,
 * repeated, not on the calendar, or still to come), so the page can say why.
 */
export function openingDay(
  param: string | string[] | undefined,
  today: string,
  fallback: string,
): { day: string; refused: boolean } {
  if (param === undefined) return { day: fallback, refused: false };
  const linked = LinkedDaySchema.safeParse(param);
  if (linked.success && linked.data <= today) return { day: linked.data, refused: false };
  return { day: fallback, refused: true };
}
