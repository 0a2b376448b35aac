import { z } from "zod";
import { DEFAULT_HUB_CONFIG, MAX_TIMEOUT_SECONDS } from "./config";
import type { HubConfig } from "./config";

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
});

/**
 * Reads and validates the hub's environment; the only place that touches process.env.
 * Empty strings count as unset. Throws an Error naming every bad variable.
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
  };
}
