/**
 * A budget of attempts per key (a user id, a client address) over a sliding window. Backed by
 * the store in use (memory on one node, Redis across nodes) so every node counts alike.
 */
export interface AttemptLimiter {
  /**
   * Spends one attempt of `key`. Throws HubError RATE_LIMITED (details `retryAfterSeconds`)
   * when the budget is spent, and HubError UNAVAILABLE when the limiter's store cannot be
   * reached: callers fail closed, so an outage never lets an attempt through uncounted.
   */
  consume(key: string): Promise<void>;
  /**
   * Gives back one attempt of `key`, for an attempt that turned out not to count (a login that
   * succeeded). Rejects when the store cannot be reached; the attempt then stays spent, which
   * errs on the side of counting.
   */
  refund(key: string): Promise<void>;
}

/** How many attempts a limiter allows per window. */
export interface AttemptBudget {
  points: number;
  windowSeconds: number;
}

/** Builds named limiters on one store; the name keeps their keys apart. */
export type AttemptLimiterFactory = (name: string, budget: AttemptBudget) => AttemptLimiter;

/** The limits of the hub's abuse-prone operations, per minute unless named per hour. */
export interface RateLimits {
  /** Login and register attempts per client address. */
  loginPerMinute: number;
  /** Failed logins per account from one client address, per hour. */
  loginFailuresPerAccountAddressPerHour: number;
  /** Failed logins per account from every address together, per hour. */
  loginFailuresPerAccountPerHour: number;
  /** Pairing codes created per user, and claims per client address. */
  pairingPerMinute: number;
  /** Answers per user, over every transport (HTTP, socket, MCP respond). */
  answersPerMinute: number;
  /** Inquiries created per user (send_inquiry, approval proxy). */
  inquiriesPerMinute: number;
  /**
   * Inquiries created per credential (an agent key, a chat run, a device), below the per-user
   * budget so one credential's flood leaves the person's other agents theirs.
   */
  inquiriesPerCredentialPerMinute: number;
  /** Delegated (YOLO) answers recorded per user: each one is a stored history record. */
  delegatedPerMinute: number;
  /** Agent credentials (chat runs and agent keys) issued per user: each one is a stored record. */
  agentCredentialsPerMinute: number;
  /** Conversations and messages a person creates per minute: each one is a stored record. */
  conversationWritesPerMinute: number;
}

/**
 * Short-lived single-use secrets (pairing codes, socket tickets), keyed by their sha256 hash so
 * lookup by hash makes the comparison constant-time by construction. `take` must be atomic:
 * of two concurrent takes of one secret, exactly one gets the value.
 */
export interface OneTimeSecretStore<Value> {
  put(secretHash: string, value: Value, expiresAt: Date): Promise<void>;
  /** Removes and returns the value if it exists and has not expired at `now`. */
  take(secretHash: string, now: Date): Promise<Value | undefined>;
  /** The value if it exists and has not expired at `now`, left in place. */
  peek(secretHash: string, now: Date): Promise<Value | undefined>;
}

/**
 * Where the hub reports what a person operating it should see: failures it recovered from
 * and background work that went wrong. Fields first, then a fixed message, so a line stays
 * machine-readable: ids as fields (`inquiryId`, `deviceId`), a caught error under `err`.
 * The hub's pino logger (@inquiry-hub/logging) satisfies it as is; tests pass a silent or
 * capturing one through HubDeps.
 *
 * @example
 * logger.error({ err: error, inquiryId }, "cancelling an inquiry failed");
 */
export interface Logger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /** A logger adding `bindings` to every line, e.g. `{ component: "pending-sweeper" }`. */
  child(bindings: Record<string, unknown>): Logger;
}
