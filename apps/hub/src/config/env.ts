import { z } from "zod";
import { parseRedisTopology } from "@inquiry-hub/redis-topology";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import {
  MetricsEnvSchema,
  TracingEnvSchema,
  metricsExposure,
  tracingExport,
} from "@inquiry-hub/telemetry";
import { PublicUrlSchema } from "@inquiry-hub/protocol";
import { DEFAULT_HUB_CONFIG, DEFAULT_SUGGEST_TIMEOUT_SECONDS } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { MAX_TIMEOUT_SECONDS } from "../kernel/timeout-limits";
import { MIN_REQUEST_STATE_SECRET_LENGTH } from "../features/approvals/request-state-seal";
import { loadProxyConfig } from "./load-proxy-config";
import { browserOrigins } from "./public-url";
import { timeoutChainProblems } from "./timeout-chain";
import { credentialCapProblems } from "./credential-caps";
import type { CapPair } from "./credential-caps";
import { defaultHubDataDir } from "../repository-root";

const seconds = (fallback: number) =>
  z.coerce.number().positive().max(MAX_TIMEOUT_SECONDS).default(fallback);

/** A per-minute attempt budget of one rate limit. */
const perMinute = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A per-hour attempt budget of one rate limit. */
const perHour = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A cap on how many of something the hub holds at once. */
const cap = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A per-credential cap: unset, it takes its share of the per-user cap (see `shareOf`). */
const credentialCap = z.coerce.number().int().positive().optional();
const { mcpSessionCaps, proxySessionCaps, heldCallCaps } = DEFAULT_HUB_CONFIG;

/** One HUB_TRUSTED_PROXIES entry: a range Express names, an address or a CIDR range. */
const TrustedProxySchema = z.union(
  [z.enum(["loopback", "linklocal", "uniquelocal"]), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()],
  { error: "must be loopback, linklocal, uniquelocal, an IP address or a CIDR range" },
);

/**
 * The hub's variables. Each one's `.meta({ description })` is its documentation: the docs'
 * configuration reference is generated from this schema (`docs/scripts/`), so it cannot drift.
 */
export const EnvSchema = z.object({
  ...MetricsEnvSchema.shape,
  ...TracingEnvSchema.shape,
  HUB_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(DEFAULT_HUB_CONFIG.port)
    .meta({ description: "HTTP API, MCP and Socket.IO port." }),
  HUB_HOST: z.string().min(1).default(DEFAULT_HUB_CONFIG.host).meta({
    description:
      "Interface to bind; `0.0.0.0` lets phones on the LAN connect. Keep it on `127.0.0.1` or a reverse proxy's network, never public.",
  }),
  HUB_INQUIRY_TIMEOUT_SECONDS: seconds(DEFAULT_HUB_CONFIG.inquiryTimeoutSeconds).meta({
    description:
      "Default client auto-reply deadline (`expiresAt`); `?timeout=` on `/mcp` overrides it per session.",
  }),
  HUB_TIMEOUT_GRACE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(MAX_TIMEOUT_SECONDS)
    .default(DEFAULT_HUB_CONFIG.timeoutGraceSeconds)
    .meta({
      description:
        "The hub's backstop resolves `timeout` this long after `expiresAt` if no device did; must be above 0.",
    }),
  HUB_HEARTBEAT_SECONDS: seconds(DEFAULT_HUB_CONFIG.heartbeatSeconds).meta({
    description: "Interval of heartbeat progress notifications while a call waits.",
  }),
  HUB_HOLD_SECONDS: seconds(DEFAULT_HUB_CONFIG.holdSeconds).meta({
    description:
      'How long a call from a client the hub does not know is held before it returns "not answered yet"; `?hold=` on the URL overrides it.',
  }),
  HUB_EXTEND_STEP_SECONDS: seconds(DEFAULT_HUB_CONFIG.extendStepSeconds).meta({
    description: "What one **More time** (Extend) adds to a pending inquiry's deadline.",
  }),
  HUB_EXTEND_MAX_SECONDS: seconds(DEFAULT_HUB_CONFIG.extendMaxSeconds).meta({
    description:
      "Latest deadline Extend reaches, counted from the question; with `HUB_TIMEOUT_GRACE_SECONDS` at most 86400.",
  }),
  HUB_DEVICE_IDLE_DAYS: z.coerce
    .number()
    .positive()
    .max(366)
    .default(DEFAULT_HUB_CONFIG.deviceIdleDays)
    .meta({
      description:
        "A device credential ends after this many days without use (sliding); logout and revocation end it at once.",
    }),
  HUB_REGISTRATION: z
    .enum(["open", "first-account"], { error: "must be open or first-account" })
    .default(DEFAULT_HUB_CONFIG.registration)
    .meta({
      description:
        "`first-account` (LAN mode): only the first account registers; every refusal is one 403.",
    }),
  HUB_AGENT_RUN_SECONDS: seconds(DEFAULT_HUB_CONFIG.agentRunSeconds).meta({
    description:
      "Longest life of a chat run's credential; the agent revokes it earlier, when the run ends.",
  }),
  HUB_PAIRING_CODE_SECONDS: seconds(DEFAULT_HUB_CONFIG.pairingCodeSeconds).meta({
    description: 'Lifetime of a "pair a phone" code.',
  }),
  HUB_SOCKET_TICKET_SECONDS: seconds(DEFAULT_HUB_CONFIG.socketTicketSeconds).meta({
    description: "Lifetime of a single-use Socket.IO handshake ticket.",
  }),
  PUBLIC_URL: PublicUrlSchema.optional().meta({
    description:
      "The URL people open (LAN mode sets it, or a reverse proxy's): pairing link and QR, origins, `Secure` cookies. Unset: localhost only.",
  }),
  HUB_CORS_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin.length > 0),
    )
    .pipe(z.array(z.url()))
    .optional()
    .meta({
      description:
        "Comma-separated origins allowed by CORS, Socket.IO and the `/mcp` Origin check. Unset: `http://localhost:3000` and `http://127.0.0.1:3000` plus `PUBLIC_URL`'s; set: must list `PUBLIC_URL`'s.",
    }),
  HUB_TRUSTED_PROXIES: z
    .string()
    .default(DEFAULT_HUB_CONFIG.trustedProxies.join(","))
    .transform((list) =>
      list.trim() === "none"
        ? []
        : list
            .split(",")
            .map((entry) => entry.trim())
            .filter((entry) => entry.length > 0),
    )
    .pipe(z.array(TrustedProxySchema))
    .meta({
      description:
        "Comma-separated peers whose `X-Forwarded-For` is believed: `loopback`, `linklocal`, `uniquelocal`, addresses or CIDR ranges; `none` trusts nobody. Name a reverse proxy's address when it runs on another machine.",
    }),
  PROXY_CONFIG_PATH: z.string().optional().meta({
    description:
      "JSON file of the approval proxy's upstreams and policies (`npm start` uses `config/proxy.example.json`); unset or empty: no proxy.",
  }),
  HUB_AUDIT_FULL_ARGUMENTS: z
    .enum(["0", "1"])
    .default(DEFAULT_HUB_CONFIG.auditFullArguments ? "1" : "0")
    .transform((flag) => flag === "1")
    .meta({
      description:
        "`1`: the approval audit on stdout prints full tool arguments; `0`: keys kept, values redacted.",
    }),
  HUB_REDIS_KEY_PREFIX: z.string().min(1).default(DEFAULT_HUB_CONFIG.redisKeyPrefix).meta({
    description:
      "Prefix of every Redis key and channel, so several hubs can share one Redis; may not contain `{` or `}`.",
  }),
  HUB_NODE_ID: z
    .string()
    .regex(/^[\w.-]+$/, "letters, digits, '.', '_' and '-' only")
    .optional()
    .meta({
      description:
        "Readable prefix of the node's id in logs and Redis (letters, digits, `.`, `_`, `-`); unset: the host name. A random suffix is always added, so a restarted node never inherits its former self's calls.",
    }),
  HUB_NODE_LEASE_SECONDS: seconds(DEFAULT_HUB_CONFIG.nodeLeaseSeconds).meta({
    description:
      "Holder lease: a node renews it every third of this; when a node dies, its waiting calls' inquiries are withdrawn as `cancelled` within about this long.",
  }),
  HUB_HISTORY_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_HUB_CONFIG.historyTtlSeconds)
    .meta({
      description:
        "How long resolved inquiries, their audit trail, team ballots and delivery receipts stay; Redis expires them, the memory store evicts them.",
    }),
  HUB_WEB_PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      description:
        "The web app's public origin, used in webhook links and URL elicitations; unset: `PUBLIC_URL`, else `http://localhost:3000`.",
    }),
  HUB_STORE: z
    .enum(["embedded", "memory"], { error: "must be embedded or memory" })
    .optional()
    .meta({
      description:
        "The single node's store when no Redis is set: `embedded` (LMDB in `HUB_DATA_DIR`, the default) or `memory` (tests); refused beside `REDIS_URL`.",
    }),
  HUB_DATA_DIR: z.string().min(1).optional().meta({
    description:
      "The embedded store and the generated channel secrets; unset: `hub/` in the data directory (`INQUIRY_HUB_DATA_DIR`, else the per-user one).",
  }),
  HUB_VAPID_PUBLIC_KEY: z.base64url().optional().meta({
    description:
      "Web Push VAPID public key (base64url); both keys or neither. Unset: generated and persisted in `HUB_DATA_DIR`.",
  }),
  HUB_VAPID_PRIVATE_KEY: z.base64url().optional().meta({
    description:
      "Web Push VAPID private key (base64url); both keys or neither. Unset: generated and persisted in `HUB_DATA_DIR`.",
  }),
  HUB_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https: URL")
    .default(DEFAULT_HUB_CONFIG.vapidSubject)
    .meta({ description: "Contact the push services may use (`mailto:` or `https:`)." }),
  HUB_WEBHOOK_SECRET: z.string().min(32, "at least 32 characters").optional().meta({
    description:
      "HMAC-SHA256 key of webhook decision links (at least 32 characters). Unset: generated and persisted; several nodes must share one.",
  }),
  HUB_REQUEST_STATE_SECRET: z
    .string()
    .min(MIN_REQUEST_STATE_SECRET_LENGTH, `at least ${MIN_REQUEST_STATE_SECRET_LENGTH} characters`)
    .optional()
    .meta({
      description:
        "Key (at least 32 characters) sealing the approval proxy's `requestState` for 2026-07-28 clients. Unset: generated and persisted, right for one node; several nodes must share one value (a retry reaching a node with another key is refused as tampered; a node with `REDIS_URL` and no value logs a warning).",
    }),
  HUB_WEBHOOK_LINK_SECONDS: seconds(DEFAULT_HUB_CONFIG.webhookLinkSeconds).meta({
    description: "How long a webhook decision link stays usable.",
  }),
  HUB_WEBHOOK_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(DEFAULT_HUB_CONFIG.webhookAttempts)
    .meta({ description: "Tries per webhook message, the first included." }),
  HUB_WEBHOOK_RETRY_BASE_SECONDS: z.coerce
    .number()
    .positive()
    .max(60)
    .default(DEFAULT_HUB_CONFIG.webhookRetryBaseSeconds)
    .meta({ description: "Wait before the first webhook retry; doubled before each further one." }),
  HUB_WEBHOOK_ALLOW_PRIVATE: z
    .enum(["0", "1"])
    .default(DEFAULT_HUB_CONFIG.webhookAllowPrivate ? "1" : "0")
    .transform((flag) => flag === "1")
    .meta({
      description:
        "`1` lets webhooks reach loopback and private addresses (local test receivers only).",
    }),
  HUB_PUSH_ALLOW_PRIVATE: z
    .enum(["0", "1"])
    .default(DEFAULT_HUB_CONFIG.pushAllowPrivate ? "1" : "0")
    .transform((flag) => flag === "1")
    .meta({
      description:
        "`1` lets Web Push reach loopback and private addresses (local test receivers only).",
    }),
  HUB_DELIVERY_CONFIRM_SECONDS: z.coerce
    .number()
    .positive()
    .max(30)
    .default(DEFAULT_HUB_CONFIG.deliveryConfirmSeconds)
    .meta({
      description:
        "How long an answer returned to a call without an idempotency key waits for that call's cancel before it counts as delivered; a client whose timeout fired as the answer went out gets it on its repeat instead of a second card.",
    }),
  HUB_PUSH_BURST_SECONDS: z.coerce
    .number()
    .positive()
    .max(300)
    .default(DEFAULT_HUB_CONFIG.pushBurstSeconds)
    .meta({
      description:
        "Push burst window: a credential's further questions within it after a first one are held and sent as one grouped notification.",
    }),
  HUB_RATE_LIMIT_LOGIN_PER_MINUTE: perMinute(DEFAULT_HUB_CONFIG.rateLimits.loginPerMinute).meta({
    description:
      "Logins and registrations per client address per minute; over budget: 429 with `Retry-After`.",
  }),
  HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS_PER_HOUR: perHour(
    DEFAULT_HUB_CONFIG.rateLimits.loginFailuresPerAccountAddressPerHour,
  ).meta({
    description:
      "Failed logins (wrong password or unknown name) per account from one address per hour; the owner logging in elsewhere is not stopped by one guesser.",
  }),
  HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: perHour(
    DEFAULT_HUB_CONFIG.rateLimits.loginFailuresPerAccountPerHour,
  ).meta({
    description:
      "Failed logins per account from all addresses per hour: the account-wide ceiling stops spread-out guessing for the rest of the hour.",
  }),
  HUB_RATE_LIMIT_PAIRING_PER_MINUTE: perMinute(DEFAULT_HUB_CONFIG.rateLimits.pairingPerMinute).meta(
    { description: "Pairing codes created and claimed per client address per minute." },
  ),
  HUB_RATE_LIMIT_ANSWERS_PER_MINUTE: perMinute(DEFAULT_HUB_CONFIG.rateLimits.answersPerMinute).meta(
    { description: "Answers per user per minute, over every transport." },
  ),
  HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE: perMinute(
    DEFAULT_HUB_CONFIG.rateLimits.inquiriesPerMinute,
  ).meta({ description: "Inquiries per user per minute." }),
  HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE: credentialCap.meta({
    description:
      "Inquiries one credential creates per minute, spent before the per-user budget (so a refused key never spends the person's). Unset: a fifth of `HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE` (1000); set, it must be below it.",
  }),
  HUB_RATE_LIMIT_DELEGATED_PER_MINUTE: perMinute(
    DEFAULT_HUB_CONFIG.rateLimits.delegatedPerMinute,
  ).meta({ description: "Delegated (YOLO) answers recorded per user per minute." }),
  HUB_RATE_LIMIT_AGENT_CREDENTIALS_PER_MINUTE: perMinute(
    DEFAULT_HUB_CONFIG.rateLimits.agentCredentialsPerMinute,
  ).meta({
    description:
      "Agent credentials a person issues per minute (chat runs and agent keys together); at most 25 active agent keys per person.",
  }),
  HUB_RATE_LIMIT_CONVERSATION_WRITES_PER_MINUTE: perMinute(
    DEFAULT_HUB_CONFIG.rateLimits.conversationWritesPerMinute,
  ).meta({ description: "Conversations and messages a person creates per minute." }),
  HUB_MCP_SESSION_IDLE_SECONDS: seconds(DEFAULT_HUB_CONFIG.mcpSessionIdleSeconds).meta({
    description:
      "An MCP or proxy session with no open request for this long is closed; one with a call in flight or an open GET stream is never idle.",
  }),
  HUB_MCP_SESSIONS_PER_CREDENTIAL: cap(mcpSessionCaps.perCredential).meta({
    description: "Open `/mcp` sessions per credential, on this node.",
  }),
  HUB_MCP_SESSIONS_PER_USER: cap(mcpSessionCaps.perUser).meta({
    description: "Open `/mcp` sessions per user, on this node.",
  }),
  HUB_MCP_SESSIONS_TOTAL: cap(mcpSessionCaps.total).meta({
    description: "Open `/mcp` sessions on this node.",
  }),
  HUB_PROXY_SESSIONS_PER_CREDENTIAL: cap(proxySessionCaps.perCredential).meta({
    description: "Open approval-proxy sessions per credential, over every upstream.",
  }),
  HUB_PROXY_SESSIONS_PER_USER: cap(proxySessionCaps.perUser).meta({
    description: "Open approval-proxy sessions per user, over every upstream.",
  }),
  HUB_PROXY_SESSIONS_TOTAL: cap(proxySessionCaps.total).meta({
    description: "Open approval-proxy sessions on this node, over every upstream.",
  }),
  HUB_UPSTREAM_MAX_RESULT_BYTES: cap(DEFAULT_HUB_CONFIG.upstreamMaxResultBytes).meta({
    description:
      "Largest upstream response relayed, in bytes (8 MiB), unless an upstream sets its own `max_result_bytes`. A bigger one is never read whole: the call gets an MCP error naming the size and the cap (the upstream may have run it); on a stdio upstream the connection closes instead.",
  }),
  HUB_PENDING_INQUIRIES_PER_USER: cap(DEFAULT_HUB_CONFIG.pendingInquiriesPerUser).meta({
    description: "Pending questions and approvals per user, checked atomically by the store.",
  }),
  HUB_PENDING_INQUIRIES_PER_CREDENTIAL: credentialCap.meta({
    description:
      "Pending questions and approvals one credential (agent key, chat run, device) asked, counted in the store like the per-user cap, so all nodes share it. Unset: the defaults' share of the per-user cap (a quarter, 25); set, it must be below the per-user cap, so one key at its cap leaves the person's other agents room.",
  }),
  HUB_HELD_CALLS_PER_CREDENTIAL: credentialCap.meta({
    description:
      "Tool calls one credential has waiting for a person (blocking `send_inquiry`, `request_approval`, gated proxy calls) at once on this node, over `/mcp` and every proxy. Unset: 30 % of `HUB_HELD_CALLS_PER_USER`; set, it must be below it.",
  }),
  HUB_HELD_CALLS_PER_USER: cap(heldCallCaps.perUser).meta({
    description:
      "Tool calls a user has waiting for a person at once on this node, over `/mcp` and every proxy, both protocol generations.",
  }),
  HUB_MEMORY_HISTORY_PER_USER: cap(DEFAULT_HUB_CONFIG.memoryHistoryPerUser).meta({
    description:
      "Memory store only: resolved inquiries kept per user within the history TTL, oldest dropped first.",
  }),
  HUB_SUGGEST_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      description:
        "OpenAI-compatible API root of the model that drafts suggested answers; with `HUB_SUGGEST_MODEL`, both or neither. Unset: no drafting.",
    }),
  HUB_SUGGEST_API_KEY: z.string().optional().meta({
    description:
      "Bearer key of the drafting model (only with `HUB_SUGGEST_BASE_URL` and `HUB_SUGGEST_MODEL`; servers without keys need none).",
  }),
  HUB_SUGGEST_MODEL: z.string().min(1).optional().meta({
    description:
      "Model that drafts suggested answers; with `HUB_SUGGEST_BASE_URL`, both or neither.",
  }),
  HUB_SUGGEST_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(60)
    .default(DEFAULT_SUGGEST_TIMEOUT_SECONDS)
    .meta({
      description:
        "Budget of one draft; the hub waits for it before announcing the inquiry, and a slower or failed draft means no suggestion.",
    }),
});

type ParsedEnv = z.infer<typeof EnvSchema>;

/**
 * The suggested-answer drafting model: base URL and model together or neither (half of it
 * cannot draft); the API key is optional, for servers that need none, but only with them.
 */
function answerDrafting(env: ParsedEnv): HubConfig["answerDrafting"] {
  const { HUB_SUGGEST_BASE_URL: baseUrl, HUB_SUGGEST_MODEL: model } = env;
  if (baseUrl === undefined && model === undefined) {
    if (env.HUB_SUGGEST_API_KEY === undefined) return undefined;
    throw new Error(
      "invalid hub configuration: HUB_SUGGEST_API_KEY needs HUB_SUGGEST_BASE_URL and HUB_SUGGEST_MODEL",
    );
  }
  if (baseUrl === undefined || model === undefined)
    throw new Error(
      "invalid hub configuration: set both HUB_SUGGEST_BASE_URL and HUB_SUGGEST_MODEL, or neither",
    );
  return {
    baseUrl,
    apiKey: env.HUB_SUGGEST_API_KEY,
    model,
    timeoutMs: env.HUB_SUGGEST_TIMEOUT_SECONDS * 1000,
  };
}

/** The Redis topology of REDIS_URL / REDIS_CLUSTER_NODES / REDIS_SENTINELS, if one is set. */
function redisTopologyOf(
  env: Readonly<Record<string, string | undefined>>,
): RedisTopology | undefined {
  try {
    return parseRedisTopology(env);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`invalid hub configuration: ${reason}`, { cause: error });
  }
}

/**
 * The store: `redis` with a Redis topology, else HUB_STORE, else `embedded`. HUB_STORE is
 * refused beside Redis, so a setting that would be silently ignored stops the hub instead.
 */
function storeOf(env: ParsedEnv, redis: RedisTopology | undefined): HubConfig["store"] {
  if (redis !== undefined && env.HUB_STORE !== undefined)
    throw new Error(
      "invalid hub configuration: HUB_STORE cannot be combined with REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS (Redis is then the store); unset one",
    );
  if (redis !== undefined) return "redis";
  return env.HUB_STORE ?? "embedded";
}

/**
 * A per-credential cap left unset: the same share of its per-user cap as the defaults have
 * (25 of 100 pending, 30 of 100 held, 1000 of 5000 per minute), at least 1. So an operator
 * who lowers only a per-user cap gets a per-credential one below it, not a refusal to start.
 *
 * @example shareOf(undefined, { perCredential: 25, perUser: 100 }, 20) // 5
 */
function shareOf(
  set: number | undefined,
  defaults: { perCredential: number; perUser: number },
  perUser: number,
): number {
  return set ?? Math.max(1, Math.floor((perUser * defaults.perCredential) / defaults.perUser));
}

/** Each per-credential cap with its per-user one, as the environment sets or derives them. */
function credentialCaps(env: ParsedEnv): { pending: CapPair; rate: CapPair; held: CapPair } {
  const defaults = DEFAULT_HUB_CONFIG;
  return {
    pending: {
      credentialVariable: "HUB_PENDING_INQUIRIES_PER_CREDENTIAL",
      explicit: env.HUB_PENDING_INQUIRIES_PER_CREDENTIAL !== undefined,
      perCredential: shareOf(
        env.HUB_PENDING_INQUIRIES_PER_CREDENTIAL,
        {
          perCredential: defaults.pendingInquiriesPerCredential,
          perUser: defaults.pendingInquiriesPerUser,
        },
        env.HUB_PENDING_INQUIRIES_PER_USER,
      ),
      userVariable: "HUB_PENDING_INQUIRIES_PER_USER",
      perUser: env.HUB_PENDING_INQUIRIES_PER_USER,
    },
    rate: {
      credentialVariable: "HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE",
      explicit: env.HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE !== undefined,
      perCredential: shareOf(
        env.HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE,
        {
          perCredential: defaults.rateLimits.inquiriesPerCredentialPerMinute,
          perUser: defaults.rateLimits.inquiriesPerMinute,
        },
        env.HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE,
      ),
      userVariable: "HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE",
      perUser: env.HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE,
    },
    held: {
      credentialVariable: "HUB_HELD_CALLS_PER_CREDENTIAL",
      explicit: env.HUB_HELD_CALLS_PER_CREDENTIAL !== undefined,
      perCredential: shareOf(
        env.HUB_HELD_CALLS_PER_CREDENTIAL,
        heldCallCaps,
        env.HUB_HELD_CALLS_PER_USER,
      ),
      userVariable: "HUB_HELD_CALLS_PER_USER",
      perUser: env.HUB_HELD_CALLS_PER_USER,
    },
  };
}

/** The proxy configuration named by PROXY_CONFIG_PATH, or an Error naming the bad key. */
function readProxyConfig(
  path: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): HubConfig["proxy"] {
  if (path === undefined) return undefined;
  try {
    return loadProxyConfig(path, env);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`invalid hub configuration: PROXY_CONFIG_PATH: ${reason}`, { cause: error });
  }
}

/** The configured VAPID pair; both keys or neither, since half a pair cannot sign. */
function vapidKeyPair(
  publicKey: string | undefined,
  privateKey: string | undefined,
): HubConfig["vapidKeys"] {
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined)
    throw new Error(
      "invalid hub configuration: set both HUB_VAPID_PUBLIC_KEY and HUB_VAPID_PRIVATE_KEY, or neither",
    );
  return { publicKey, privateKey };
}

/**
 * Reads and validates the hub's environment; the only place that touches process.env.
 * Empty strings count as unset. Throws an Error naming every bad variable; an invalid proxy
 * configuration file is named down to its bad key, so the hub refuses to start.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): HubConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`invalid hub configuration: ${problems.join("; ")}`);
  }
  const chain = timeoutChainProblems({
    inquiryTimeoutSeconds: parsed.data.HUB_INQUIRY_TIMEOUT_SECONDS,
    timeoutGraceSeconds: parsed.data.HUB_TIMEOUT_GRACE_SECONDS,
    extendMaxSeconds: parsed.data.HUB_EXTEND_MAX_SECONDS,
  });
  if (chain.length > 0) throw new Error(`invalid hub configuration: ${chain.join("; ")}`);
  const caps = credentialCaps(parsed.data);
  const starving = credentialCapProblems([caps.pending, caps.rate, caps.held]);
  if (starving.length > 0) throw new Error(`invalid hub configuration: ${starving.join("; ")}`);
  const origins = browserOrigins({
    configured: parsed.data.HUB_CORS_ORIGINS,
    publicOrigin: parsed.data.PUBLIC_URL,
    localOrigins: DEFAULT_HUB_CONFIG.corsOrigins,
  });
  if (!origins.ok) throw new Error(`invalid hub configuration: ${origins.problem}`);
  const redis = redisTopologyOf(present);
  const metrics = metricsExposure(parsed.data);
  if (!metrics.ok) throw new Error(`invalid hub configuration: ${metrics.problem}`);
  return {
    ...DEFAULT_HUB_CONFIG,
    port: parsed.data.HUB_PORT,
    host: parsed.data.HUB_HOST,
    inquiryTimeoutSeconds: parsed.data.HUB_INQUIRY_TIMEOUT_SECONDS,
    timeoutGraceSeconds: parsed.data.HUB_TIMEOUT_GRACE_SECONDS,
    heartbeatSeconds: parsed.data.HUB_HEARTBEAT_SECONDS,
    holdSeconds: parsed.data.HUB_HOLD_SECONDS,
    extendStepSeconds: parsed.data.HUB_EXTEND_STEP_SECONDS,
    extendMaxSeconds: parsed.data.HUB_EXTEND_MAX_SECONDS,
    deviceIdleDays: parsed.data.HUB_DEVICE_IDLE_DAYS,
    registration: parsed.data.HUB_REGISTRATION,
    agentRunSeconds: parsed.data.HUB_AGENT_RUN_SECONDS,
    pairingCodeSeconds: parsed.data.HUB_PAIRING_CODE_SECONDS,
    socketTicketSeconds: parsed.data.HUB_SOCKET_TICKET_SECONDS,
    corsOrigins: origins.origins,
    trustedProxies: parsed.data.HUB_TRUSTED_PROXIES,
    proxy: readProxyConfig(parsed.data.PROXY_CONFIG_PATH, present),
    auditFullArguments: parsed.data.HUB_AUDIT_FULL_ARGUMENTS,
    redis,
    redisKeyPrefix: parsed.data.HUB_REDIS_KEY_PREFIX,
    nodeName: parsed.data.HUB_NODE_ID,
    nodeLeaseSeconds: parsed.data.HUB_NODE_LEASE_SECONDS,
    historyTtlSeconds: parsed.data.HUB_HISTORY_TTL_SECONDS,
    mcpSessionIdleSeconds: parsed.data.HUB_MCP_SESSION_IDLE_SECONDS,
    mcpSessionCaps: {
      perCredential: parsed.data.HUB_MCP_SESSIONS_PER_CREDENTIAL,
      perUser: parsed.data.HUB_MCP_SESSIONS_PER_USER,
      total: parsed.data.HUB_MCP_SESSIONS_TOTAL,
    },
    upstreamMaxResultBytes: parsed.data.HUB_UPSTREAM_MAX_RESULT_BYTES,
    proxySessionCaps: {
      perCredential: parsed.data.HUB_PROXY_SESSIONS_PER_CREDENTIAL,
      perUser: parsed.data.HUB_PROXY_SESSIONS_PER_USER,
      total: parsed.data.HUB_PROXY_SESSIONS_TOTAL,
    },
    pendingInquiriesPerUser: parsed.data.HUB_PENDING_INQUIRIES_PER_USER,
    pendingInquiriesPerCredential: caps.pending.perCredential,
    heldCallCaps: {
      perCredential: caps.held.perCredential,
      perUser: parsed.data.HUB_HELD_CALLS_PER_USER,
    },
    memoryHistoryPerUser: parsed.data.HUB_MEMORY_HISTORY_PER_USER,
    webPublicUrl:
      parsed.data.HUB_WEB_PUBLIC_URL ?? parsed.data.PUBLIC_URL ?? DEFAULT_HUB_CONFIG.webPublicUrl,
    store: storeOf(parsed.data, redis),
    dataDir: parsed.data.HUB_DATA_DIR ?? defaultHubDataDir(present),
    vapidKeys: vapidKeyPair(parsed.data.HUB_VAPID_PUBLIC_KEY, parsed.data.HUB_VAPID_PRIVATE_KEY),
    vapidSubject: parsed.data.HUB_VAPID_SUBJECT,
    webhookSecret: parsed.data.HUB_WEBHOOK_SECRET,
    requestStateSecret: parsed.data.HUB_REQUEST_STATE_SECRET,
    webhookLinkSeconds: parsed.data.HUB_WEBHOOK_LINK_SECONDS,
    webhookAttempts: parsed.data.HUB_WEBHOOK_ATTEMPTS,
    webhookRetryBaseSeconds: parsed.data.HUB_WEBHOOK_RETRY_BASE_SECONDS,
    webhookAllowPrivate: parsed.data.HUB_WEBHOOK_ALLOW_PRIVATE,
    pushAllowPrivate: parsed.data.HUB_PUSH_ALLOW_PRIVATE,
    pushBurstSeconds: parsed.data.HUB_PUSH_BURST_SECONDS,
    deliveryConfirmSeconds: parsed.data.HUB_DELIVERY_CONFIRM_SECONDS,
    rateLimits: {
      loginPerMinute: parsed.data.HUB_RATE_LIMIT_LOGIN_PER_MINUTE,
      loginFailuresPerAccountAddressPerHour:
        parsed.data.HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS_PER_HOUR,
      loginFailuresPerAccountPerHour:
        parsed.data.HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
      pairingPerMinute: parsed.data.HUB_RATE_LIMIT_PAIRING_PER_MINUTE,
      answersPerMinute: parsed.data.HUB_RATE_LIMIT_ANSWERS_PER_MINUTE,
      inquiriesPerMinute: parsed.data.HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE,
      inquiriesPerCredentialPerMinute: caps.rate.perCredential,
      delegatedPerMinute: parsed.data.HUB_RATE_LIMIT_DELEGATED_PER_MINUTE,
      agentCredentialsPerMinute: parsed.data.HUB_RATE_LIMIT_AGENT_CREDENTIALS_PER_MINUTE,
      conversationWritesPerMinute: parsed.data.HUB_RATE_LIMIT_CONVERSATION_WRITES_PER_MINUTE,
    },
    answerDrafting: answerDrafting(parsed.data),
    metrics: metrics.exposure,
    tracing: tracingExport(parsed.data, "inquiry-hub"),
  };
}
