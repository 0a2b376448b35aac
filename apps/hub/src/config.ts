/**
 * Everything createHub needs to know, already validated. Durations are seconds and may be
 * fractional, so tests can run a whole timeout cycle in well under a second.
 */
export interface HubConfig {
  /** Port `listen()` binds; 0 picks a free one (tests). */
  port: number;
  /** Interface `listen()` binds; also decides whether Host headers are checked on /mcp. */
  host: string;
  /** Default client auto-reply deadline: expiresAt = createdAt + this. */
  inquiryTimeoutSeconds: number;
  /** The hub's backstop resolves `timeout` at expiresAt + this when no device answered. */
  timeoutGraceSeconds: number;
  /** Interval of INQUIRY_HEARTBEAT progress notifications during a `send_inquiry` call. */
  heartbeatSeconds: number;
  /** Browser origins allowed by CORS and by the /mcp Origin check. */
  corsOrigins: string[];
  /** An MCP session with no open request for this long is closed (its calls cancelled). */
  mcpSessionIdleSeconds: number;
  /** Largest JSON body accepted, in bytes; larger ones get 413. */
  jsonBodyLimitBytes: number;
  /** How long a "pair a phone" code stays claimable. */
  pairingCodeSeconds: number;
  /** How long a single-use Socket.IO handshake ticket stays redeemable. */
  socketTicketSeconds: number;
}

/** Longest client deadline a caller may ask for: one day. */
export const MAX_TIMEOUT_SECONDS = 86_400;

/** Defaults for everything but the listen address; env.ts and tests start from these. */
export const DEFAULT_HUB_CONFIG: HubConfig = {
  port: 4000,
  host: "127.0.0.1",
  inquiryTimeoutSeconds: 120,
  timeoutGraceSeconds: 10,
  heartbeatSeconds: 10,
  corsOrigins: ["http://localhost:3000", "http://127.0.0.1:3000"],
  mcpSessionIdleSeconds: 30 * 60,
  jsonBodyLimitBytes: 64 * 1024,
  pairingCodeSeconds: 5 * 60,
  socketTicketSeconds: 60,
};
