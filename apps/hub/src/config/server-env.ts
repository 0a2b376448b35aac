import { z } from "zod";
import { PublicUrlSchema } from "@inquiry-hub/protocol";
import { DEFAULT_HUB_CONFIG } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { commaSeparated, configError, seconds } from "./env-fields";
import { browserOrigins } from "./public-url";

/** One HUB_TRUSTED_PROXIES entry: a range Express names, an address or a CIDR range. */
const TrustedProxySchema = z.union(
  [z.enum(["loopback", "linklocal", "uniquelocal"]), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()],
  { error: "must be loopback, linklocal, uniquelocal, an IP address or a CIDR range" },
);

/**
 * Who reaches the hub and how: where it listens, the origins and proxies it believes, who may
 * register, and how long each kind of credential lives.
 */
export const ServerEnvSchema = z.object({
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
  PUBLIC_URL: PublicUrlSchema.optional().meta({
    description:
      "The URL people open (LAN mode sets it, or a reverse proxy's): pairing link and QR, origins, `Secure` cookies. Unset: localhost only.",
  }),
  HUB_CORS_ORIGINS: z.string().transform(commaSeparated).pipe(z.array(z.url())).optional().meta({
    description:
      "Comma-separated origins allowed by CORS, Socket.IO and the `/mcp` Origin check. Unset: `http://localhost:3000` and `http://127.0.0.1:3000` plus `PUBLIC_URL`'s; set: must list `PUBLIC_URL`'s.",
  }),
  HUB_TRUSTED_PROXIES: z
    .string()
    .default(DEFAULT_HUB_CONFIG.trustedProxies.join(","))
    .transform((list) => (list.trim() === "none" ? [] : commaSeparated(list)))
    .pipe(z.array(TrustedProxySchema))
    .meta({
      description:
        "Comma-separated peers whose `X-Forwarded-For` is believed: `loopback`, `linklocal`, `uniquelocal`, addresses or CIDR ranges; `none` trusts nobody. Name a reverse proxy's address when it runs on another machine.",
    }),
  HUB_WEB_PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      description:
        "The web app's public origin, used in webhook links and URL elicitations; unset: `PUBLIC_URL`, else `http://localhost:3000`.",
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
});

/** The server's settings; an Error when HUB_CORS_ORIGINS leaves out `PUBLIC_URL`'s origin. */
export function serverSettings(
  env: z.infer<typeof ServerEnvSchema>,
): Pick<
  HubConfig,
  | "port"
  | "host"
  | "corsOrigins"
  | "trustedProxies"
  | "webPublicUrl"
  | "deviceIdleDays"
  | "registration"
  | "agentRunSeconds"
  | "pairingCodeSeconds"
  | "socketTicketSeconds"
> {
  const origins = browserOrigins({
    configured: env.HUB_CORS_ORIGINS,
    publicOrigin: env.PUBLIC_URL,
    localOrigins: DEFAULT_HUB_CONFIG.corsOrigins,
  });
  if (!origins.ok) throw configError(origins.problem);
  return {
    port: env.HUB_PORT,
    host: env.HUB_HOST,
    corsOrigins: origins.origins,
    trustedProxies: env.HUB_TRUSTED_PROXIES,
    webPublicUrl: env.HUB_WEB_PUBLIC_URL ?? env.PUBLIC_URL ?? DEFAULT_HUB_CONFIG.webPublicUrl,
    deviceIdleDays: env.HUB_DEVICE_IDLE_DAYS,
    registration: env.HUB_REGISTRATION,
    agentRunSeconds: env.HUB_AGENT_RUN_SECONDS,
    pairingCodeSeconds: env.HUB_PAIRING_CODE_SECONDS,
    socketTicketSeconds: env.HUB_SOCKET_TICKET_SECONDS,
  };
}
