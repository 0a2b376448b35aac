/**
 * The Redis key layout, in one place. Every key starts with the configurable prefix so
 * several hubs (or test runs) can share one Redis without seeing each other.
 *
 * | key                              | type   | holds                                            |
 * | -------------------------------- | ------ | ------------------------------------------------ |
 * | `<p>inquiry:<id>`                | hash   | one inquiry (see inquiry-codec.ts); TTL once final |
 * | `<p>user:<userId>:inquiries`     | zset   | all of the user's inquiry ids, scored by createdAt |
 * | `<p>user:<userId>:pending`       | zset   | the user's pending inquiry ids, scored by createdAt |
 * | `<p>user:<userId>:audit`         | stream | the user's state changes (see audit-trail.ts)    |
 * | `<p>events`                      | pub/sub channel | inquiry events for every hub node       |
 *
 * The resolve and list scripts only learn the user id from the stored record, so they build
 * the user keys themselves from `userKeyPrefix` with the same suffixes as `userKeys` below.
 */
export interface KeyLayout {
  inquiry(id: string): string;
  /** What `inquiry(id)` prepends to the id; lets a Lua script turn ids into record keys. */
  readonly inquiryKeyPrefix: string;
  userKeys(userId: string): { inquiries: string; pending: string; audit: string };
  /** What the user keys start with before the user id; for the Lua scripts. */
  readonly userKeyPrefix: string;
  readonly eventsChannel: string;
}

/** The layout under `prefix`, e.g. `createKeyLayout("ih:").inquiry(id)` is `ih:inquiry:<id>`. */
export function createKeyLayout(prefix: string): KeyLayout {
  const inquiryKeyPrefix = `${prefix}inquiry:`;
  const userKeyPrefix = `${prefix}user:`;
  return {
    inquiry: (id) => `${inquiryKeyPrefix}${id}`,
    inquiryKeyPrefix,
    userKeys: (userId) => ({
      inquiries: `${userKeyPrefix}${userId}:inquiries`,
      pending: `${userKeyPrefix}${userId}:pending`,
      audit: `${userKeyPrefix}${userId}:audit`,
    }),
    userKeyPrefix,
    eventsChannel: `${prefix}events`,
  };
}
