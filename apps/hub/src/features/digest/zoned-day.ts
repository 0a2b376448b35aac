/** A calendar day's bounds and "which day is it" in an IANA time zone, without a library. */

const DAY_MS = 86_400_000;

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((each) => each.type === type)?.value ?? "0");
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the zone's clock shows midnight starting `day` (`YYYY-MM-DD`). */
function midnight(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00.000Z`);
  // The offset at the guessed instant, then at the corrected one: right across a DST change.
  const first = wall - zoneOffsetMs(timeZone, wall);
  return wall - zoneOffsetMs(timeZone, first);
}

/** The first and last millisecond of `day` in `timeZone`. */
export function dayBounds(day: string, timeZone: string): { from: number; to: number } {
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
  return { from: midnight(day, timeZone), to: midnight(next, timeZone) - 1 };
}

/** The date (`YYYY-MM-DD`) and hour (0–23) the zone's clock shows at `instant`. */
export function wallClock(instant: number, timeZone: string): { day: string; hour: number } {
  const wall = new Date(instant + zoneOffsetMs(timeZone, instant));
  return { day: wall.toISOString().slice(0, 10), hour: wall.getUTCHours() };
}

/** The day before `day`. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);
}
