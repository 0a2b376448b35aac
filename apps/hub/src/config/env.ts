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
import { MAX_TIMEOUT_SECONDS } from "../core/shared/timeout-limits";
import { MIN_REQUEST_STATE_SECRET_LENGTH } from "../core/approvals/request-state-seal";
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

const EnvSchema = z.object({
  ...MetricsEnvSchema.shape,
  ...TracingEnvSchema.shape,
  HUB_PORT: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_HUB_CONFIG.port),
  HUB_HOST: z.string().min(1).default(DEFAULT_HUB_CONFIG.host),
  HUB_INQUIRY_TIMEOUT_SECONDS: seconds(DEFAULT_HUB_CONFIG.inquiryTimeoutSeconds),
  HUB_TIMEOUT_GRACE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(MAX_TIMEOUT_SECONDS)
    .default(DEFAULT_HUB_CONFIG.timeoutGraceSeconds),
  HUB_HEARTBEAT_SECONDS: seconds(DEFAULT_HUB_CONFIG.heartbeatSeconds),
  HUB_HOLD_SECONDS: seconds(DEFAULT_HUB_CONFIG.holdSeconds),
  HUB_EXTEND_STEP_SECONDS: seconds(DEFAULT_HUB_CONFIG.extendStepSeconds),
  HUB_EXTEND_MAX_SECONDS: seconds(DEFAULT_HUB_CONFIG.extendMaxSeconds),
  HUB_DEVICE_IDLE_DAYS: z.coerce
    .number()
    .positive()
    .max(366)
    .default(DEFAULT_HUB_CONFIG.deviceIdleDays),
  /** `first-account` closes registration once an account exists; LAN mode sets it. */
  HUB_REGISTRATION: z
    .enum(["open", "first-account"], { error: "must be open or first-account" })
    .default(DEFAULT_HUB_CONFIG.registration),
  HUB_AGENT_RUN_SECONDS: seconds(DEFAULT_HUB_CONFIG.agentRunSeconds),
  HUB_PAIRING_CODE_SECONDS: seconds(DEFAULT_HUB_CONFIG.pairingCodeSeconds),
  HUB_SOCKET_TICKET_SECONDS: seconds(DEFAULT_HUB_CONFIG.socketTicketSeconds),
  /** The URL people open (LAN mode or a reverse proxy); unset = localhost only. */
  PUBLIC_URL: PublicUrlSchema.optional(),
  /** Unset = the localhost origins plus PUBLIC_URL's (see browserOrigins). */
  HUB_CORS_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin.length > 0),
    )
    .pipe(z.array(z.url()))
    .optional(),
  /** Comma-separated peers whose X-Forwarded-For is believed; `none` trusts nobody. */
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
    .pipe(z.array(TrustedProxySchema)),
  /** JSON file of the approval proxy's upstreams and policies; unset = no proxy. */
  PROXY_CONFIG_PATH: z.string().optional(),
  /** 1 = the approval audit on stdout carries full tool arguments; 0 (default) = redacted. */
  HUB_AUDIT_FULL_ARGUMENTS: z
    .enum(["0", "1"])
    .default(DEFAULT_HUB_CONFIG.auditFullArguments ? "1" : "0")
    .transform((flag) => flag === "1"),
  HUB_REDIS_KEY_PREFIX: z.string().min(1).default(DEFAULT_HUB_CONFIG.redisKeyPrefix),
  HUB_NODE_ID: z
    .string()
    .regex(/^[\w.-]+$/, "letters, digits, '.', '_' and '-' only")
    .optional(),
  HUB_NODE_LEASE_SECONDS: seconds(DEFAULT_HUB_CONFIG.nodeLeaseSeconds),
  HUB_HISTORY_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_HUB_CONFIG.historyTtlSeconds),
  /** Base of links in channel messages; unset = PUBLIC_URL, else the local web app. */
  HUB_WEB_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The single node's store when REDIS_URL is unset; default `embedded` (see HubConfig.store). */
  HUB_STORE: z.enum(["embedded", "memory"], { error: "must be embedded or memory" }).optional(),
  /** Unset = `hub/` in the data directory (INQUIRY_HUB_DATA_DIR, else the per-user one). */
  HUB_DATA_DIR: z.string().min(1).optional(),
  HUB_VAPID_PUBLIC_KEY: z.base64url().optional(),
  HUB_VAPID_PRIVATE_KEY: z.base64url().optional(),
  HUB_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https: URL")
    .default(DEFAULT_HUB_CONFIG.vapidSubject),
  HUB_WEBHOOK_SECRET: z.string().min(32, "at least 32 characters").optional(),
  /**
   * Key of the proxy's sealed `requestState` (2026-07-28 clients). Unset = generated and
   * persisted under HUB_DATA_DIR, right for one node; several nodes must all be given the same.
   */
  HUB_REQUEST_STATE_SECRET: z
    .string()
    .min(MIN_REQUEST_STATE_SECRET_LENGTH, `at least ${MIN_REQUEST_STATE_SECRET_LENGTH} characters`)
    .optional(),
  HUB_WEBHOOK_LINK_SECONDS: seconds(DEFAULT_HUB_CONFIG.webhookLinkSeconds),
  HUB_WEBHOOK_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(DEFAULT_HUB_CONFIG.webhookAttempts),
  HUB_WEBHOOK_RETRY_BASE_SECONDS: z.coerce
    .number()
    .positive()
    .max(60)
    .default(DEFAULT_HUB_CONFIG.webhookRetryBaseSeconds),
  HUB_WEBHOOK_ALLOW_PRIVATE: z
    .enum(["0", "1"])
    .default(DEFAULT_HUB_CONFIG.webhookAllowPrivate ? "1" : "0")
    .transform((flag) => flag === "1"),
  HUB_PUSH_ALLOW_PRIVATE: z
    .enum(["0", "1"])
    .default(DEFAULT_HUB_CONFIG.pushAllowPrivate ? "1" : "0")
    .transform((flag) => flag === "1"),
  HUB_PUSH_BURST_SECONDS: z.coerce
    .number()
    .positive()
    .max(300)
    .default(DEFAULT_HUB_CONFIG.pushBurstSeconds),
  HUB_RATE_LIMIT_LOGIN_PER_MINUTE: perMinute(DEFAULT_HUB_CONFIG.rateLimits.loginPerMinute),
  HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS_PER_HOUR: perHour(
    DEFAULT_HUB_CONFIG.rateLimits.loginFailuresPerAccountAddressPerHour,
  ),
  HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: perHour(
    DEFAULT_HUB_CONFIG.rateLimits.loginFailuresPerAccountPerHour,
  ),
  HUB_RATE_LIMIT_PAIRING_PER_MINUTE: perMinute(DEFAULT_HUB_CONFIG.rateLimits.pairingPerMinute),
  HUB_RATE_LIMIT_ANSWERS_PER_MINUTE: perMinute(DEFAULT_HUB_CONFIG.rateLimits.answersPerMinute),
  HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE: perMinute(DEFAULT_HUB_CONFIG.rateLimits.inquiriesPerMinute),
  HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE: credentialCap,
  HUB_RATE_LIMIT_DELEGATED_PER_MINUTE: perMinute(DEFAULT_HUB_CONFIG.rateLimits.delegatedPerMinute),
  HUB_RATE_LIMIT_AGENT_CREDENTIALS_PER_MINUTE: perMinute(
    DEFAULT_HUB_CONFIG.rateLimits.agentCredentialsPerMinute,
  ),
  HUB_RATE_LIMIT_CONVERSATION_WRITES_PER_MINUTE: perMinute(
    DEFAULT_HUB_CONFIG.rateLimits.conversationWritesPerMinute,
  ),
  HUB_MCP_SESSION_IDLE_SECONDS: seconds(DEFAULT_HUB_CONFIG.mcpSessionIdleSeconds),
  HUB_MCP_SESSIONS_PER_CREDENTIAL: cap(mcpSessionCaps.perCredential),
  HUB_MCP_SESSIONS_PER_USER: cap(mcpSessionCaps.perUser),
  HUB_MCP_SESSIONS_TOTAL: cap(mcpSessionCaps.total),
  HUB_PROXY_SESSIONS_PER_CREDENTIAL: cap(proxySessionCaps.perCredential),
  HUB_PROXY_SESSIONS_PER_USER: cap(proxySessionCaps.perUser),
  HUB_PROXY_SESSIONS_TOTAL: cap(proxySessionCaps.total),
  /** Bytes of the largest upstream response the proxy relays, unless an upstream sets its own. */
  HUB_UPSTREAM_MAX_RESULT_BYTES: cap(DEFAULT_HUB_CONFIG.upstreamMaxResultBytes),
  HUB_PENDING_INQUIRIES_PER_USER: cap(DEFAULT_HUB_CONFIG.pendingInquiriesPerUser),
  HUB_PENDING_INQUIRIES_PER_CREDENTIAL: credentialCap,
  HUB_HELD_CALLS_PER_CREDENTIAL: credentialCap,
  HUB_HELD_CALLS_PER_USER: cap(heldCallCaps.perUser),
  HUB_MEMORY_HISTORY_PER_USER: cap(DEFAULT_HUB_CONFIG.memoryHistoryPerUser),
  /** OpenAI-compatible API root of the model that drafts suggested answers; unset = off. */
  HUB_SUGGEST_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  HUB_SUGGEST_API_KEY: z.string().optional(),
  HUB_SUGGEST_MODEL: z.string().min(1).optional(),
  HUB_SUGGEST_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(60)
    .default(DEFAULT_SUGGEST_TIMEOUT_SECONDS),
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
