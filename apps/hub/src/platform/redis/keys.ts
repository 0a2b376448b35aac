import { z } from "zod";

/**
 * Whose idempotency keys a key names: a user's credential (the inquiries' IdempotencyScope has
 * this shape; the key layout serves every feature's stores and imports none of them).
 */
export interface CredentialScope {
  userId: string;
  credentialId: string;
}

/**
 * The Redis key layout, in one place, the same for one Redis, Sentinel and Redis Cluster.
 * Every key starts with the configurable prefix so several hubs (or test runs) can share one
 * Redis without seeing each other.
 *
 * One file on purpose, though past 250 lines: the layout is reviewed as one table, and a key
 * declared anywhere else could collide with one here unseen.
 *
 * Why a per-user hash tag: Redis Cluster only runs a script or MULTI whose keys all live in one
 * hash slot. The person is the unit of atomicity here (the per-user pending cap, the audit
 * entry written with each change, the listing indexes) and of fan-out, so everything of one
 * user carries the tag `{u:<userId>}` and lands in one slot: INSERT (record + indexes + cap +
 * audit) and RESOLVE (compare-and-set + indexes + audit) stay single atomic scripts. Users
 * spread evenly over the slots, so load spreads over the masters. Using one layout for every
 * topology means a deployment can move from one Redis to a cluster without a key migration
 * of the code paths, and the tests of one topology exercise the keys of all.
 *
 * | key                                    | type   | holds                                        |
 * | -------------------------------------- | ------ | -------------------------------------------- |
 * | `<p>{u:<userId>}:inquiry:<id>`         | hash   | one inquiry (see inquiry-codec.ts); TTL once final |
 * | `<p>inquiry-owner:<id>`                | string | userId of the inquiry; immutable, SET NX, TTL |
 * | `<p>{u:<userId>}:inquiries`            | zset   | all of the user's inquiry ids, by createdAt  |
 * | `<p>{u:<userId>}:pending`              | zset   | the user's pending inquiry ids, by createdAt |
 * | `<p>{u:<userId>}:pending-askers`       | hash   | pending inquiry id → credential that asked it |
 * | `<p>{u:<userId>}:audit`                | stream | the user's state changes (see audit-trail.ts) |
 * | `<p>{u:<userId>}:settings`             | string | JSON of the user's settings (YOLO)           |
 * | `<p>digest-users`                      | set    | user ids with the daily digest on            |
 * | `<p>{u:<userId>}:tool-pins:<upstream>` | hash   | tool → digest of its accepted definition     |
 * | `<p>{u:<userId>}:approval-rules`       | hash   | rule id → JSON of one standing approval rule |
 * | `<p>{u:<userId>}:approval-rule-uses`   | hash   | rule id → calls it passed; `<id>:last` → when |
 * | `<p>{u:<userId>}:webhook`              | string | JSON of the user's webhook configuration     |
 * | `<p>{u:<userId>}:deliveries`           | list   | the user's webhook delivery attempts         |
 * | `<p>{u:<userId>}:conversations`        | set    | the user's conversation ids                  |
 * | `<p>{u:<userId>}:credential-idempotency:<credentialId>:<key>` | string | inquiry id one credential's idempotency key names; PX expiry |
 * | `<p>{u:<userId>}:credential-idempotency-result:<credentialId>:<key>` | string | the result attached to that key |
 * | `<p>pending`                           | zset   | superset of pending inquiries `<userId>/<id>`, by expiresAt |
 * | `<p>node:<nodeId>`                     | string | the node's holder lease; expires unless renewed |
 * | `<p>node:<nodeId>:held`                | set    | superset of the `<userId>/<id>` the node holds |
 * | `<p>nodes`                             | set    | node ids that may still hold pending inquiries |
 *
 * The cross-user indexes (`pending`, `held`, `nodes`) cannot share a slot with every user, so
 * they are kept outside the scripts as supersets: an id is added BEFORE the insert script and
 * removed (best effort) AFTER a resolution; readers drop stale members lazily (record gone or
 * no longer pending). Invariant: every pending record is in the global pending index and in
 * its holder's held set. Members are `<userId>/<inquiryId>` so a reader finds the record
 * without the owner lookup.
 *
 * A team's record and member hash share the tag `{t:<teamId>}` (created in one MULTI). Other
 * keys (accounts, devices, secrets, push, claims, receipts, ballots, conversations) are listed
 * in the sub-layouts below; each is written alone or in single-key steps, and each store says
 * in a comment how it orders those steps so a crash in between leaves nothing unsafe.
 *
 * Idempotency keys are scoped by credential (`credentialId` URI-encoded, so it holds no `:` and
 * never runs into the key). The per-user names of before, `{u:<userId>}:idempotency:<key>` and
 * `…:idempotency-result:<key>`, are no longer read: they expire on their own (PX), and a call
 * repeated across the upgrade opens a new question rather than risk another agent's answer.
 *
 * The key prefix must not contain `{` or `}`: Redis would take it as the hash tag and put
 * every key into one slot (see `KeyPrefixSchema`).
 */
export interface KeyLayout {
  /** The record of one of `userId`'s inquiries. */
  inquiry(userId: string, id: string): string;
  /** The immutable id → userId lookup for callers that only know an inquiry id. */
  inquiryOwner(id: string): string;
  /** What a user's record keys start with; the list script appends ids. */
  userInquiryKeyPrefix(userId: string): string;
  userKeys(userId: string): {
    inquiries: string;
    pending: string;
    /** Pending id → asking credential, for the per-credential pending cap. */
    pendingAskers: string;
    audit: string;
  };
  /** Base of the sharded event channels `<base>:0` … `<base>:15` (see redis-event-bus.ts). */
  readonly eventsChannel: string;
  /** Every pending inquiry, scored by expiresAt: what the timeout sweep scans. */
  readonly pendingIndex: string;
  /** The holder lease of a node; its `held` set lists the calls it holds. */
  node(nodeId: string): { lease: string; held: string };
  /** Node ids that may still hold pending inquiries (pruned by the orphan scan). */
  readonly nodes: string;
  /** Where the Socket.IO sharded Redis adapter publishes (its `channelPrefix` option). */
  readonly socketAdapterPrefix: string;
  /** The inquiry id one of a credential's idempotency keys names. */
  idempotency(scope: CredentialScope, key: string): string;
  /** The result attached to one of a credential's idempotency keys (see IdempotencyIndex). */
  idempotencyResult(scope: CredentialScope, key: string): string;
  /** The mark of one redeemed request state of the proxy (see UsedRequestStates). */
  usedRequestState(stateId: string): string;
  /** The person's pinned tool definitions of one upstream (see ToolDefinitionPins). */
  toolPins(userId: string, upstream: string): string;
  /** hash rule id → JSON of one of the user's standing approval rules. */
  approvalRules(userId: string): string;
  /** hash rule id → how many calls it passed, `<id>:last` → when the last one was. */
  approvalRuleUses(userId: string): string;
  accountKeys: AccountKeyLayout;
  channelKeys: ChannelKeyLayout;
  teamKeys: TeamKeyLayout;
  conversationKeys: ConversationKeyLayout;
}

/** Keys of people's conversations. */
export interface ConversationKeyLayout {
  /** Hash of one conversation: `record` and `summary` JSON, `version`, `userId`. */
  conversation(conversationId: string): string;
  /** Set of a user's conversation ids. */
  userConversations(userId: string): string;
}

/** Keys of the push and webhook channels (see the table above). */
export interface ChannelKeyLayout {
  /** Hash of one push subscription, keyed by the sha256 of its endpoint. */
  pushSubscription(endpointHash: string): string;
  /** Set of the endpoint hashes a device subscribed. */
  devicePushSubscriptions(deviceId: string): string;
  /** JSON of a user's webhook configuration. */
  webhookConfig(userId: string): string;
  /** List of a user's delivery attempts, newest first. */
  deliveries(userId: string): string;
  /** The once-only claim of one channel's messages about one inquiry. */
  claim(channel: string, inquiryId: string): string;
  /**
   * Hash of one inquiry's delivery receipts, receipt key → receipt. Untagged like `claim`:
   * only the inquiry id is known to its callers, and every command touches this one key.
   */
  receipts(inquiryId: string): string;
}

/** Keys of the account stores: users, tokens, devices, single-use secrets. */
export interface AccountKeyLayout {
  /** JSON of one user. */
  user(userId: string): string;
  /** username (lower-cased) → user id; SET NX makes usernames unique. */
  username(username: string): string;
  /** Set (SET NX) by registrations: some account exists, so a first-account-only one refuses. */
  anyAccount: string;
  /** token hash → user id. */
  token(tokenHash: string): string;
  /** hash of one device's fields. */
  device(deviceId: string): string;
  /** token hash → device id. */
  deviceByToken(tokenHash: string): string;
  /** zset of a user's device ids, scored by firstSeenAt. */
  userDevices(userId: string): string;
  /** JSON of a user's settings (YOLO). */
  settings(userId: string): string;
  /** Set of the user ids with the daily digest on (kept beside each settings save). */
  digestUsers: string;
  /** One single-use secret of `kind` ("pairing", "ticket"), with its own expiry. */
  secret(kind: string, secretHash: string): string;
}

/** Keys of teams and of shared-approval ballots. */
export interface TeamKeyLayout {
  /** JSON of one team. */
  team(teamId: string): string;
  /** hash userId → membership JSON of one team. */
  members(teamId: string): string;
  /** set of the team ids a user belongs to. */
  teamsOf(userId: string): string;
  /** hash of one shared approval's votes, counters, step and decision. */
  ballot(inquiryId: string): string;
  /** zset of the shared approvals a user may vote on, scored by createdAt. */
  sharedApprovals(userId: string): string;
}

/**
 * A key prefix: non-empty, and free of `{`/`}`, which Redis Cluster would read as the hash tag
 * of every key (all data in one slot, and the per-user tags ignored).
 */
export const KeyPrefixSchema = z
  .string()
  .min(1)
  .refine((prefix) => !/[{}]/.test(prefix), {
    message:
      "must not contain '{' or '}': Redis Cluster would read them as the hash tag of every key",
  });

/** Member of the cross-user pending indexes: owner and id, so a reader finds the record. */
export function pendingMember(userId: string, inquiryId: string): string {
  return `${userId}/${inquiryId}`;
}

/** The owner and id in a pending-index member; undefined for a malformed member. */
export function parsePendingMember(
  member: string,
): { userId: string; inquiryId: string } | undefined {
  const slash = member.lastIndexOf("/");
  if (slash <= 0 || slash === member.length - 1) return undefined;
  return { userId: member.slice(0, slash), inquiryId: member.slice(slash + 1) };
}

/**
 * The layout under `prefix`, e.g. `createKeyLayout("ih:").inquiry("u1", id)` is
 * `ih:{u:u1}:inquiry:<id>`. Throws (zod) when the prefix contains a hash-tag brace.
 */
export function createKeyLayout(prefix: string): KeyLayout {
  KeyPrefixSchema.parse(prefix);
  const user = (userId: string): string => `${prefix}{u:${userId}}:`;
  return {
    inquiry: (userId, id) => `${user(userId)}inquiry:${id}`,
    inquiryOwner: (id) => `${prefix}inquiry-owner:${id}`,
    userInquiryKeyPrefix: (userId) => `${user(userId)}inquiry:`,
    userKeys: (userId) => ({
      inquiries: `${user(userId)}inquiries`,
      pending: `${user(userId)}pending`,
      pendingAskers: `${user(userId)}pending-askers`,
      audit: `${user(userId)}audit`,
    }),
    eventsChannel: `${prefix}events`,
    pendingIndex: `${prefix}pending`,
    node: (nodeId) => ({
      lease: `${prefix}node:${nodeId}`,
      held: `${prefix}node:${nodeId}:held`,
    }),
    nodes: `${prefix}nodes`,
    socketAdapterPrefix: `${prefix}socket.io`,
    idempotency: ({ userId, credentialId }, key) =>
      `${user(userId)}credential-idempotency:${encodeURIComponent(credentialId)}:${key}`,
    idempotencyResult: ({ userId, credentialId }, key) =>
      `${user(userId)}credential-idempotency-result:${encodeURIComponent(credentialId)}:${key}`,
    usedRequestState: (stateId) => `${prefix}request-state-used:${stateId}`,
    toolPins: (userId, upstream) => `${user(userId)}tool-pins:${upstream}`,
    approvalRules: (userId) => `${user(userId)}approval-rules`,
    approvalRuleUses: (userId) => `${user(userId)}approval-rule-uses`,
    accountKeys: {
      user: (userId) => `${prefix}account:${userId}`,
      username: (username) => `${prefix}username:${username.toLowerCase()}`,
      anyAccount: `${prefix}any-account`,
      token: (tokenHash) => `${prefix}token:${tokenHash}`,
      device: (deviceId) => `${prefix}device:${deviceId}`,
      deviceByToken: (tokenHash) => `${prefix}device-token:${tokenHash}`,
      userDevices: (userId) => `${user(userId)}devices`,
      settings: (userId) => `${user(userId)}settings`,
      digestUsers: `${prefix}digest-users`,
      secret: (kind, secretHash) => `${prefix}secret:${kind}:${secretHash}`,
    },
    teamKeys: {
      team: (teamId) => `${prefix}{t:${teamId}}:team`,
      members: (teamId) => `${prefix}{t:${teamId}}:members`,
      teamsOf: (userId) => `${user(userId)}teams`,
      ballot: (inquiryId) => `${prefix}ballot:${inquiryId}`,
      sharedApprovals: (userId) => `${user(userId)}shared`,
    },
    conversationKeys: {
      conversation: (conversationId) => `${prefix}conversation:${conversationId}`,
      userConversations: (userId) => `${user(userId)}conversations`,
    },
    channelKeys: {
      pushSubscription: (endpointHash) => `${prefix}push:sub:${endpointHash}`,
      devicePushSubscriptions: (deviceId) => `${prefix}push:device:${deviceId}`,
      webhookConfig: (userId) => `${user(userId)}webhook`,
      deliveries: (userId) => `${user(userId)}deliveries`,
      claim: (channel, inquiryId) => `${prefix}claim:${channel}:${inquiryId}`,
      receipts: (inquiryId) => `${prefix}receipts:${inquiryId}`,
    },
  };
}
