import type { RedisTopology } from "@inquiry-hub/redis-topology";
import type { MetricsExposure, OtlpTracingConfig } from "@inquiry-hub/telemetry";
import type { RateLimits } from "../kernel/ports";
import type { RegistrationPolicy } from "../features/accounts/auth-service";
import type { OpenAiAnswerDrafterConfig } from "../features/inquiries/adapters/openai-answer-drafter";
import type { OpenAiRiskModelConfig } from "../features/approvals/risk/adapters/openai-risk-model";
import type { ProxyConfig } from "../features/approvals/proxy-policy";
import type { SessionCaps } from "../platform/mcp/session-caps";
import type { HeldCallCaps } from "../platform/mcp/held-calls";
import { defaultHubDataDir } from "../repository-root";

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
  /**
   * How long a call from a client the hub does not know (and that set no `?hold=`) is held
   * before it returns "not answered yet": below the 60 s most MCP clients wait by default.
   */
  holdSeconds: number;
  /**
   * How long an answer returned to a call without an idempotency key listens for that call's
   * cancel before it counts as delivered (kept-deliveries.ts): a client whose request timeout
   * fired as the answer went out sends its cancel within this, and its repeat of the call then
   * gets the answer instead of a second card. Only has to outlast a cancel's round trip.
   */
  deliveryConfirmSeconds: number;
  /** What one Extend adds to a pending inquiry's `expiresAt`. */
  extendStepSeconds: number;
  /**
   * The latest Extend may move `expiresAt` to, counted from `createdAt`. With the grace it
   * must fit the waiting MCP call's total cap (the agent's AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS).
   */
  extendMaxSeconds: number;
  /**
   * Browser origins allowed by CORS, the Socket.IO handshake and the /mcp Origin check
   * (HUB_CORS_ORIGINS; unset = the localhost origins plus PUBLIC_URL's origin).
   */
  corsOrigins: string[];
  /**
   * Peers whose X-Forwarded-For the hub believes (HUB_TRUSTED_PROXIES), in Express `trust
   * proxy` terms: `loopback`, `linklocal`, `uniquelocal`, addresses and CIDR ranges. The
   * client address of rate limits comes from there; anyone else's header is ignored.
   */
  trustedProxies: string[];
  /**
   * An MCP or proxy session with no open request for this long is closed. A session with a
   * call in flight (a send_inquiry waiting for its answer) or a GET stream is never idle.
   */
  mcpSessionIdleSeconds: number;
  /** Open `/mcp` sessions per credential, per user and per node (HUB_MCP_SESSIONS_*). */
  mcpSessionCaps: SessionCaps;
  /** Open `/proxy/<name>/mcp` sessions, each with its upstream connection (HUB_PROXY_SESSIONS_*). */
  proxySessionCaps: SessionCaps;
  /** Largest upstream response relayed unless an upstream sets `max_result_bytes`. */
  upstreamMaxResultBytes: number;
  /** Pending inquiries one user may have at once; more are refused with 429. */
  pendingInquiriesPerUser: number;
  /**
   * Pending inquiries one credential (an agent key, a chat run, a device) may have asked at
   * once, below `pendingInquiriesPerUser` so one key never starves the person's other agents.
   */
  pendingInquiriesPerCredential: number;
  /** Tool calls waiting for a person this node holds, per credential and per user (HUB_HELD_CALLS_*). */
  heldCallCaps: HeldCallCaps;
  /** Resolved inquiries the in-memory store keeps per user within the history TTL. */
  memoryHistoryPerUser: number;
  /** Largest JSON body accepted, in bytes; larger ones get 413. */
  jsonBodyLimitBytes: number;
  /** A device credential unused for this many days must log in again (sliding lifetime). */
  deviceIdleDays: number;
  /** Who may register (HUB_REGISTRATION); LAN mode allows the first account only. */
  registration: RegistrationPolicy;
  /**
   * Longest life of a chat run's agent credential. The web revokes it when the run ends; this
   * bounds one it could not revoke (a crash mid-run).
   */
  agentRunSeconds: number;
  /** How long a "pair a phone" code stays claimable. */
  pairingCodeSeconds: number;
  /** How long a single-use Socket.IO handshake ticket stays redeemable. */
  socketTicketSeconds: number;
  /** How long a one-time team invitation code stays claimable. */
  teamInvitationSeconds: number;
  /** Upstreams served at `/proxy/<name>/mcp` (PROXY_CONFIG_PATH); no proxy when absent. */
  proxy?: ProxyConfig | undefined;
  /**
   * Whether the approval audit on stdout prints tool arguments in full
   * (HUB_AUDIT_FULL_ARGUMENTS=1). Off by default: arguments carry file contents and SQL, so
   * each value is replaced by its length and a keyed digest.
   */
  auditFullArguments: boolean;
  /**
   * PKCS#8 PEM file of the Ed25519 key that signs the audit chains (HUB_AUDIT_SIGNING_KEY_FILE);
   * unset = a key generated once and kept in the store.
   */
  auditSigningKeyFile?: string | undefined;
  /**
   * Several nodes share state through this Redis: one Redis (REDIS_URL), Sentinel
   * (REDIS_SENTINELS + REDIS_SENTINEL_NAME) or Cluster (REDIS_CLUSTER_NODES); unset = one node.
   */
  redis?: RedisTopology | undefined;
  /** Prefix of every Redis key and channel, so several hubs can share one Redis. */
  redisKeyPrefix: string;
  /** Readable prefix of this node's id; a random suffix makes each process run unique. */
  nodeName?: string | undefined;
  /**
   * TTL of a node's holder lease (renewed every third of it). A node that dies has its
   * pending inquiries withdrawn as `cancelled` within about this long plus one sweep.
   */
  nodeLeaseSeconds: number;
  /** How long resolved inquiries (and in Redis their audit entries) stay as history. */
  historyTtlSeconds: number;
  /**
   * The web app's public origin, for links in channel messages (HUB_WEB_PUBLIC_URL, else
   * PUBLIC_URL, else the local web app).
   */
  webPublicUrl: string;
  /**
   * Where state lives: `redis` when REDIS_URL is set (several nodes); else HUB_STORE:
   * `embedded` keeps everything in an LMDB database under `dataDir` across restarts (main.ts's
   * default), `memory` forgets everything on exit (tests, and createHub's own default).
   */
  store: "embedded" | "memory" | "redis";
  /**
   * Where the embedded database and generated secrets are kept across restarts
   * (HUB_DATA_DIR); default `hub/` in the per-user data directory, never the checkout
   * (loadConfig applies INQUIRY_HUB_DATA_DIR; DEFAULT_HUB_CONFIG has the platform default).
   */
  dataDir: string;
  /** VAPID key pair for Web Push; absent = main.ts loads or generates it under `dataDir`. */
  vapidKeys?: { publicKey: string; privateKey: string } | undefined;
  /** `mailto:` or `https:` contact the push services may use about this hub. */
  vapidSubject: string;
  /** HMAC-SHA256 key of webhook decision links; absent = loaded or generated like VAPID. */
  webhookSecret?: string | undefined;
  /**
   * Key sealing the approval proxy's `requestState` (AES-256-GCM); absent = loaded or
   * generated like VAPID. Every node that may receive a retried call needs the same key.
   */
  requestStateSecret?: string | undefined;
  /** How long a webhook decision link stays usable. */
  webhookLinkSeconds: number;
  /** Tries per webhook message (first included) and the backoff base, doubled per retry. */
  webhookAttempts: number;
  webhookRetryBaseSeconds: number;
  /**
   * Lets webhooks reach loopback, private and link-local addresses
   * (HUB_WEBHOOK_ALLOW_PRIVATE=1); off by default, since a webhook URL is user input.
   */
  webhookAllowPrivate: boolean;
  /**
   * Lets Web Push reach plain-http, loopback, private and link-local endpoints
   * (HUB_PUSH_ALLOW_PRIVATE=1, for a local test push service); off by default, since a
   * subscription's endpoint is user input.
   */
  pushAllowPrivate: boolean;
  /**
   * How long one credential's further questions gather into one grouped notification after
   * its first was pushed (HUB_PUSH_BURST_SECONDS).
   */
  pushBurstSeconds: number;
  /**
   * How often each node looks for daily digests that are due (one tick per node, not a timer
   * per person). Not an env setting: a minute is the schedule's grain; tests shorten it.
   */
  digestTickSeconds: number;
  /**
   * How long an agent credential's batch of approvals stays open after its last one
   * (HUB_APPROVAL_BATCH_WINDOW_SECONDS); calls naming a run join the run's batch instead.
   */
  approvalBatchWindowSeconds: number;
  /** How long a batch's approvals gather into one notification (HUB_APPROVAL_BATCH_PUSH_SECONDS). */
  approvalBatchPushSeconds: number;
  /** Abuse limits (HUB_RATE_LIMIT_*); generous, so only floods hit them. */
  rateLimits: RateLimits;
  /**
   * The model that drafts a suggested answer when `send_inquiry` has none (HUB_SUGGEST_*);
   * absent = no drafting. Drafting runs before the inquiry is announced, within `timeoutMs`.
   */
  answerDrafting?: OpenAiAnswerDrafterConfig | undefined;
  /**
   * The model that may raise the risk label of each gated call (HUB_RISK_*); absent = the
   * hub's rules label alone. It only labels, within `timeoutMs`, before the card goes out.
   */
  riskModel?: OpenAiRiskModelConfig | undefined;
  /** Where Prometheus `/metrics` is served (METRICS_TOKEN, METRICS_PORT); off by default. */
  metrics: MetricsExposure;
  /** Where OpenTelemetry spans are exported (OTEL_EXPORTER_OTLP_*); absent = tracing off. */
  tracing?: OtlpTracingConfig | undefined;
}

/** Default budget of one suggested-answer draft, in seconds. */
export const DEFAULT_SUGGEST_TIMEOUT_SECONDS = 5;

/** Defaults for everything but the listen address; env.ts and tests start from these. */
export const DEFAULT_HUB_CONFIG: HubConfig = {
  port: 4000,
  host: "127.0.0.1",
  inquiryTimeoutSeconds: 120,
  timeoutGraceSeconds: 10,
  heartbeatSeconds: 10,
  holdSeconds: 45,
  deliveryConfirmSeconds: 0.5,
  extendStepSeconds: 60,
  extendMaxSeconds: 30 * 60,
  corsOrigins: ["http://localhost:3000", "http://127.0.0.1:3000"],
  trustedProxies: ["loopback"],
  mcpSessionIdleSeconds: 5 * 60,
  mcpSessionCaps: { perCredential: 16, perUser: 32, total: 1_000 },
  proxySessionCaps: { perCredential: 8, perUser: 16, total: 256 },
  upstreamMaxResultBytes: 8 * 1024 * 1024,
  pendingInquiriesPerUser: 100,
  pendingInquiriesPerCredential: 25,
  heldCallCaps: { perCredential: 30, perUser: 100 },
  memoryHistoryPerUser: 5_000,
  jsonBodyLimitBytes: 64 * 1024,
  deviceIdleDays: 30,
  registration: "open",
  agentRunSeconds: 24 * 60 * 60,
  pairingCodeSeconds: 5 * 60,
  socketTicketSeconds: 60,
  teamInvitationSeconds: 7 * 24 * 60 * 60,
  redisKeyPrefix: "ih:",
  auditFullArguments: false,
  nodeLeaseSeconds: 10,
  historyTtlSeconds: 7 * 24 * 60 * 60,
  webPublicUrl: "http://localhost:3000",
  store: "memory",
  metrics: { kind: "off" },
  dataDir: defaultHubDataDir({}),
  vapidSubject: "mailto:inquiry-hub@localhost.localdomain",
  webhookLinkSeconds: 15 * 60,
  webhookAttempts: 3,
  webhookRetryBaseSeconds: 1,
  webhookAllowPrivate: false,
  pushAllowPrivate: false,
  pushBurstSeconds: 10,
  digestTickSeconds: 60,
  approvalBatchWindowSeconds: 5,
  approvalBatchPushSeconds: 1.5,
  rateLimits: {
    loginPerMinute: 120,
    loginFailuresPerAccountAddressPerHour: 10,
    loginFailuresPerAccountPerHour: 100,
    pairingPerMinute: 60,
    answersPerMinute: 5000,
    inquiriesPerMinute: 5000,
    inquiriesPerCredentialPerMinute: 1000,
    delegatedPerMinute: 60,
    agentCredentialsPerMinute: 60,
    conversationWritesPerMinute: 300,
  },
};
