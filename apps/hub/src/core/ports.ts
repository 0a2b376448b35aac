import type { Inquiry, InquiryResolution, InquiryStatus } from "@inquiry-hub/protocol";

/**
 * Result of a compare-and-set resolution: `resolved` when this call moved the inquiry out of
 * `pending`, `already-final` with the stored (winning) record otherwise.
 */
export type StoreResolveOutcome =
  | { kind: "resolved"; inquiry: Inquiry }
  | { kind: "already-final"; inquiry: Inquiry }
  | { kind: "not-found" };

/** What `insert` checks in the same atomic step as the write. */
export interface StoreInsertLimits {
  /** A pending inquiry is refused while its user already has this many pending. */
  maxPendingPerUser: number;
}

/** `inserted`, or `pending-cap` (nothing written) when the user is at `maxPendingPerUser`. */
export type StoreInsertOutcome = { kind: "inserted" } | { kind: "pending-cap" };

/**
 * Where inquiries live. Records are plain JSON. `resolve` must be atomic (a single-threaded
 * map update in memory, a Lua script in Redis) so that racing answers yield one winner, and so
 * must `insert` with its pending cap, so racing creations cannot overshoot it. Resolved
 * records expire after the history TTL; pending ones never do. Listing reads one user's index,
 * never everyone's records.
 */
export interface InquiryStore {
  /** Rejects on a duplicate id; `limits` absent = no cap. */
  insert(inquiry: Inquiry, limits?: StoreInsertLimits): Promise<StoreInsertOutcome>;
  get(id: string): Promise<Inquiry | undefined>;
  /** The user's inquiries, newest first, optionally only those with `status`. */
  listByUser(userId: string, status?: InquiryStatus): Promise<Inquiry[]>;
  resolve(id: string, resolution: InquiryResolution): Promise<StoreResolveOutcome>;
}

/** A stored user; `passwordHash` is a self-describing scrypt string, never sent out. */
export interface UserRecord {
  id: string;
  username: string;
  passwordHash: string;
  createdAt: string;
}

/** Users by id and by (case-insensitive) username. */
export interface UserStore {
  /** Stores the user unless the username is taken; returns false when it is. */
  create(user: UserRecord): Promise<boolean>;
  findByUsername(username: string): Promise<UserRecord | undefined>;
  findById(id: string): Promise<UserRecord | undefined>;
}

/** Bearer tokens, kept only as sha256 hashes so a leaked store does not leak credentials. */
export interface TokenStore {
  save(tokenHash: string, userId: string): Promise<void>;
  findUserId(tokenHash: string): Promise<string | undefined>;
}

/** What happened to an inquiry; transports (Socket.IO fan-out, MCP waits) subscribe to it. */
export type InquiryEvent =
  { type: "inquiry.created"; inquiry: Inquiry } | { type: "inquiry.resolved"; inquiry: Inquiry };

/**
 * Publishes inquiry events to every subscriber. In one process a plain emitter; across nodes
 * Redis pub/sub, so a call suspended on node A hears an answer given on node B.
 */
export interface InquiryEventBus {
  publish(event: InquiryEvent): Promise<void>;
  /** Returns the unsubscribe function; callers must call it to avoid leaks. */
  subscribe(listener: (event: InquiryEvent) => void): () => void;
  /**
   * For buses that can be interrupted (Redis pub/sub): `listener` runs each time the bus is
   * live again after an interruption, when events published meanwhile may have been missed,
   * so waiters can re-read what they wait for. Returns the unsubscribe function.
   */
  onResume?(listener: () => void): () => void;
}
