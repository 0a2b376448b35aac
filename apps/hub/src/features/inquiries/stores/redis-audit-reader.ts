import type { AuditTrail } from "../audit-trail";
import type { RedisInquiryStore } from "./redis-inquiry-store";

/** Entries read per round trip while looking for one inquiry's story. */
const PAGE_SIZE = 500;
/** Upper bound on round trips for one inquiry, so a huge trail cannot stall a request. */
const MAX_PAGES = 20;

/**
 * History's view of the Redis audit stream, which the store's Lua scripts write atomically
 * with each change. The stream is per user, newest first, so one inquiry's entries are found
 * by paging back until its creation entry (the oldest it can have) turns up.
 */
export function createRedisAuditReader(store: RedisInquiryStore): AuditTrail {
  return {
    async forInquiry(userId, inquiryId) {
      const found = [];
      let before: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const entries = await store.readAuditTrail(userId, {
          limit: PAGE_SIZE,
          ...(before === undefined ? {} : { before }),
        });
        const mine = entries.filter((entry) => entry.inquiryId === inquiryId);
        found.push(...mine);
        if (entries.length < PAGE_SIZE || mine.some((entry) => entry.from === null)) break;
        before = entries.at(-1)?.entryId;
      }
      return found.reverse().map(({ entryId: _entryId, ...entry }) => entry);
    },
  };
}
