import { networkInterfaces } from "node:os";
import { z } from "zod";
import type { ConnectionLimits } from "@inquiry-hub/gateway";
import { dataPath } from "@inquiry-hub/logging";

const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback);

/** The variables LAN mode reads; the apps' own ports are read so the front door finds them. */
const LanEnvSchema = z.object({
  /** 1 turns LAN mode on, as `--lan` does. */
  INQUIRY_HUB_LAN: z.enum(["0", "1"]).default("0"),
  /** The name or address phones use; unset = this computer's first LAN IPv4 address. */
  LAN_HOST: z
    .string()
    .regex(/^[\w.:-]+$/, "must be a host name or an IP address")
    .optional(),
  /** The front door's port. */
  LAN_PORT: port(3443),
  /** Where the certificate and key are kept; unset = `tls/` in the data directory. */
  LAN_TLS_DIR: z.string().min(1).optional(),
  /** A connection must finish its TLS handshake and first request within this many ms. */
  LAN_FIRST_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** Connections one address (one phone) may hold open at once. */
  LAN_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(32),
  /** Set by the person only to agree with LAN mode: it is LAN mode that sets it. */
  PUBLIC_URL: z.string().optional(),
  /** The web's port (`next start` reads PORT). */
  PORT: port(3000),
  HUB_PORT: port(4000),
});

/** What LAN mode serves and where. */
export interface LanSettings {
  /** The host phones use, as given by LAN_HOST or found on the network interfaces. */
  host: string;
  /** The front door's port. */
  port: number;
  /** The URL people open: PUBLIC_URL for the apps. */
  publicUrl: string;
  /** Where the certificate lives. */
  tlsDir: string;
  /** How long and how many connections the front door grants one client. */
  limits: ConnectionLimits;
  /** The web as the computer's own browser opens it. */
  desktopUrl: string;
  /** The web and the hub on loopback, where the front door sends requests. */
  webUrl: string;
  hubUrl: string;
}

/** This computer's first non-internal IPv4 address, the one a phone on the same Wi-Fi reaches. */
function firstLanAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((each) => each.family === "IPv4" && !each.internal);
    if (found !== undefined) return found.address;
  }
  return undefined;
}

/** `host` as it appears in a URL: IPv6 addresses in brackets. */
function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * LAN mode's settings from `argv` and `env`, or undefined when LAN mode is off. Throws an
 * Error naming the variable when a value is malformed, no LAN address exists, or PUBLIC_URL
 * was set to something other than the URL LAN mode serves (the allow-lists would disagree
 * with the front door).
 */
export function readLanSettings(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): LanSettings | undefined {
  const parsed = LanEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`LAN mode settings: ${problems.join("; ")}`);
  }
  const values = parsed.data;
  if (!argv.includes("--lan") && values.INQUIRY_HUB_LAN !== "1") return undefined;
  const host = values.LAN_HOST ?? firstLanAddress();
  if (host === undefined)
    throw new Error(
      "LAN mode: this computer has no LAN IPv4 address; set LAN_HOST to the name or address phones use",
    );
  const publicUrl = `https://${urlHost(host)}:${values.LAN_PORT}`;
  if (values.PUBLIC_URL !== undefined && values.PUBLIC_URL.replace(/\/+$/, "") !== publicUrl)
    throw new Error(
      `LAN mode serves ${publicUrl} but PUBLIC_URL is ${values.PUBLIC_URL}: unset PUBLIC_URL, or set LAN_HOST / LAN_PORT to match it`,
    );
  return {
    host,
    port: values.LAN_PORT,
    publicUrl,
    tlsDir: values.LAN_TLS_DIR ?? dataPath("tls", env),
    limits: {
      firstRequestTimeoutMs: values.LAN_FIRST_REQUEST_TIMEOUT_MS,
      maxConnectionsPerAddress: values.LAN_MAX_CONNECTIONS_PER_ADDRESS,
    },
    desktopUrl: `http://localhost:${values.PORT}`,
    webUrl: `http://127.0.0.1:${values.PORT}`,
    hubUrl: `http://127.0.0.1:${values.HUB_PORT}`,
  };
}
