import { z } from "zod";
import { DEFAULT_HUB_CONFIG, MAX_TIMEOUT_SECONDS } from "./config";
import type { HubConfig } from "./config";
import { loadProxyConfig } from "./proxy/load-proxy-config";
import { timeoutChainProblems } from "./timeout-chain";

const seconds = (fallback: number) =>
  z.coerce.number().positive().max(MAX_TIMEOUT_SECONDS).default(fallback);

const EnvSchema = z.object({
  HUB_PORT: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_HUB_CONFIG.port),
  HUB_HOST: z.string().min(1).default(DEFAULT_HUB_CONFIG.host),
  HUB_INQUIRY_TIMEOUT_SECONDS: seconds(DEFAULT_HUB_CONFIG.inquiryTimeoutSeconds),
  HUB_TIMEOUT_GRACE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(MAX_TIMEOUT_SECONDS)
    .default(DEFAULT_HUB_CONFIG.timeoutGraceSeconds),
  HUB_HEARTBEAT_SECONDS: seconds(DEFAULT_HUB_CONFIG.heartbeatSeconds),
  HUB_PAIRING_CODE_SECONDS: seconds(DEFAULT_HUB_CONFIG.pairingCodeSeconds),
  HUB_SOCKET_TICKET_SECONDS: seconds(DEFAULT_HUB_CONFIG.socketTicketSeconds),
  HUB_CORS_ORIGINS: z
    .string()
    .default(DEFAULT_HUB_CONFIG.corsOrigins.join(","))
    .transform((list) =>
      list
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin.length > 0),
    )
    .pipe(z.array(z.url())),
  /** JSON file of the approval proxy's upstreams and policies; unset = no proxy. */
  PROXY_CONFIG_PATH: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
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
});

/** The proxy configuration named by PROXY_CONFIG_PATH, or an Error naming the bad key. */
function readProxyConfig(path: string | undefined): HubConfig["proxy"] {
  if (path === undefined) return undefined;
  try {
    return loadProxyConfig(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`invalid hub configuration: PROXY_CONFIG_PATH: ${reason}`, { cause: error });
  }
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
  });
  if (chain.length > 0) throw new Error(`invalid hub configuration: ${chain.join("; ")}`);
  return {
    ...DEFAULT_HUB_CONFIG,
    port: parsed.data.HUB_PORT,
    host: parsed.data.HUB_HOST,
    inquiryTimeoutSeconds: parsed.data.HUB_INQUIRY_TIMEOUT_SECONDS,
    timeoutGraceSeconds: parsed.data.HUB_TIMEOUT_GRACE_SECONDS,
    heartbeatSeconds: parsed.data.HUB_HEARTBEAT_SECONDS,
    pairingCodeSeconds: parsed.data.HUB_PAIRING_CODE_SECONDS,
    socketTicketSeconds: parsed.data.HUB_SOCKET_TICKET_SECONDS,
    corsOrigins: parsed.data.HUB_CORS_ORIGINS,
    proxy: readProxyConfig(parsed.data.PROXY_CONFIG_PATH),
    redisUrl: parsed.data.REDIS_URL,
    redisKeyPrefix: parsed.data.HUB_REDIS_KEY_PREFIX,
    nodeName: parsed.data.HUB_NODE_ID,
    nodeLeaseSeconds: parsed.data.HUB_NODE_LEASE_SECONDS,
    historyTtlSeconds: parsed.data.HUB_HISTORY_TTL_SECONDS,
  };
}
