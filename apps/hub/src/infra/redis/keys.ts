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
 * | `<p>user:<userId>:settings`      | string | JSON of the user's settings (YOLO)               |
 * | `<p>user:<userId>:webhook`       | string | JSON of the user's webhook configuration         |
 * | `<p>user:<userId>:deliveries`    | list   | the user's webhook delivery attempts, newest first |
 * | `<p>user:<userId>:conversations` | set    | the user's conversation ids                       |
 * | `<p>conversation:<id>`           | hash   | one conversation (see redis-conversation-store.ts) |
 * | `<p>user:<userId>:idempotency:<key>` | string | inquiry id an idempotency key names; PX expiry |
 * | `<p>user:<userId>:idempotency-result:<key>` | string | the result attached to that key; same expiry |
 * | `<p>request-state-used:<stateId>` | string | mark of a redeemed proxy request state; PX expiry |
 * | `<p>push:sub:<sha256(endpoint)>` | hash   | one Web Push subscription                        |
 * | `<p>push:device:<deviceId>`      | set    | endpoint hashes of a device's subscriptions      |
 * | `<p>claim:<channel>:<inquiryId>` | string | once-only push/webhook delivery claim            |
 * | `<p>pending`                     | zset   | every pending inquiry id, scored by expiresAt (sweeper) |
 * | `<p>node:<nodeId>`               | string | the node's holder lease; expires unless renewed  |
 * | `<p>node:<nodeId>:held`          | set    | pending inquiry ids whose call this node holds   |
 * | `<p>nodes`                       | set    | node ids that may still hold pending inquiries   |
 * | `<p>events`                      | pub/sub channel | inquiry events for every hub node       |
 * | `<p>socket.io#…`                 | pub/sub channels | the Socket.IO Redis adapter (its own prefix) |
 *
 * Users, tokens, devices and one-time secrets have their own keys, listed in
 * `accountKeys` below; teams and shared-approval ballots in `teamKeys`.
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
  /** Every pending inquiry, scored by expiresAt: what the timeout sweep scans. */
  readonly pendingIndex: string;
  /** The holder lease of a node; its `held` set lists the calls it holds. */
  node(nodeId: string): { lease: string; held: string };
  /** What `node(id).lease` prepends to the id; lets the orphan script build node keys. */
  readonly nodeKeyPrefix: string;
  /** Node ids that may still hold pending inquiries (pruned by the orphan script). */
  readonly nodes: string;
  /** Where the Socket.IO Redis adapter publishes (its `key` option). */
  readonly socketAdapterPrefix: string;
  /** The inquiry id one of a user's idempotency keys names. */
  idempotency(userId: string, key: string): string;
  /** The result attached to one of a user's idempotency keys (see IdempotencyIndex). */
  idempotencyResult(userId: string, key: string): string;
  /** The mark of one redeemed request state of the proxy (see UsedRequestStates). */
  usedRequestState(stateId: string): string;
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
}

/** Keys of the account stores: users, tokens, devices, single-use secrets. */
export interface AccountKeyLayout {
  /** JSON of one user. */
  user(userId: string): string;
  /** username (lower-cased) → user id; SET NX makes usernames unique. */
  username(username: string): string;
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
    pendingIndex: `${prefix}pending`,
    node: (nodeId) => ({
      lease: `${prefix}node:${nodeId}`,
      held: `${prefix}node:${nodeId}:held`,
    }),
    nodeKeyPrefix: `${prefix}node:`,
    nodes: `${prefix}nodes`,
    socketAdapterPrefix: `${prefix}socket.io`,
    idempotency: (userId, key) => `${userKeyPrefix}${userId}:idempotency:${key}`,
    idempotencyResult: (userId, key) => `${userKeyPrefix}${userId}:idempotency-result:${key}`,
    usedRequestState: (stateId) => `${prefix}request-state-used:${stateId}`,
    accountKeys: {
      user: (userId) => `${prefix}account:${userId}`,
      username: (username) => `${prefix}username:${username.toLowerCase()}`,
      token: (tokenHash) => `${prefix}token:${tokenHash}`,
      device: (deviceId) => `${prefix}device:${deviceId}`,
      deviceByToken: (tokenHash) => `${prefix}device-token:${tokenHash}`,
      userDevices: (userId) => `${userKeyPrefix}${userId}:devices`,
      settings: (userId) => `${userKeyPrefix}${userId}:settings`,
      secret: (kind, secretHash) => `${prefix}secret:${kind}:${secretHash}`,
    },
    teamKeys: {
      team: (teamId) => `${prefix}team:${teamId}`,
      members: (teamId) => `${prefix}team:${teamId}:members`,
      teamsOf: (userId) => `${userKeyPrefix}${userId}:teams`,
      ballot: (inquiryId) => `${prefix}ballot:${inquiryId}`,
      sharedApprovals: (userId) => `${userKeyPrefix}${userId}:shared`,
    },
    conversationKeys: {
      conversation: (conversationId) => `${prefix}conversation:${conversationId}`,
      userConversations: (userId) => `${userKeyPrefix}${userId}:conversations`,
    },
    channelKeys: {
      pushSubscription: (endpointHash) => `${prefix}push:sub:${endpointHash}`,
      devicePushSubscriptions: (deviceId) => `${prefix}push:device:${deviceId}`,
      webhookConfig: (userId) => `${userKeyPrefix}${userId}:webhook`,
      deliveries: (userId) => `${userKeyPrefix}${userId}:deliveries`,
      claim: (channel, inquiryId) => `${prefix}claim:${channel}:${inquiryId}`,
    },
  };
}
