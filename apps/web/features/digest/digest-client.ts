import { DigestSchema } from "@inquiry-hub/protocol";
import type { Digest } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";

/** The digest of `day` in `timeZone` (GET /api/digest). */
export function fetchDigest(day: string, timeZone: string): Promise<Digest> {
  const query = new URLSearchParams({ day, timeZone });
  return requestJson(`/api/digest?${query.toString()}`, DigestSchema);
}

/** This browser's time zone, the one a person reads "yesterday" in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The date (`YYYY-MM-DD`) `daysAgo` days before today on this browser's clock. */
export function localDay(daysAgo: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The day `by` days after `day` (negative: before). */
export function shiftDay(day: string, by: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + by * 86_400_000).toISOString().slice(0, 10);
}
