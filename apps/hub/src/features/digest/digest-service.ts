import { MAX_DIGEST_INQUIRIES } from "@inquiry-hub/protocol";
import type { Digest, DigestQuery, DigestSetting } from "@inquiry-hub/protocol";
import type { HistoryService } from "../history/history-service";
import { buildDigest } from "./digest-builder";
import { dayBefore, dayBounds, wallClock } from "./zoned-day";

/** The person's daily summary of what agents asked and how each ended. */
export interface DigestService {
  /** The digest of `query.day` (default yesterday) in `query.timeZone` (default the setting's). */
  forDay(userId: string, query: DigestQuery): Promise<Digest>;
}

/**
 * Reads one day of the person's history (the export's records, so approval arguments stay
 * redacted as the audit policy says) and sums it up. Bounded twice: by what history keeps
 * (its retention) and by `MAX_DIGEST_INQUIRIES` records per day.
 */
export function createDigestService(deps: {
  history: HistoryService;
  /** The person's digest setting, if they made one. */
  settingOf: (userId: string) => Promise<DigestSetting | undefined>;
  webPublicUrl: string;
  now?: () => number;
}): DigestService {
  const now = deps.now ?? Date.now;
  return {
    async forDay(userId, query) {
      const timeZone = query.timeZone ?? (await deps.settingOf(userId))?.timeZone ?? "UTC";
      const day = query.day ?? dayBefore(wallClock(now(), timeZone).day);
      const { from, to } = dayBounds(day, timeZone);
      const records = await deps.history.exportRecords(userId, {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
      });
      return buildDigest(records, {
        day,
        timeZone,
        from,
        to,
        webPublicUrl: deps.webPublicUrl,
        truncated: records.length >= MAX_DIGEST_INQUIRIES,
      });
    },
  };
}
