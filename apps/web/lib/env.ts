import { z } from "zod";

/**
 * Server-side configuration: the only module that reads `process.env`.
 * Import it from route handlers and server components only, never from client components.
 */
const EnvSchema = z.object({
  /** Base URL of apps/agent (OpenAI-compatible `/v1/chat/completions`). */
  AGENT_URL: z.url().default("http://127.0.0.1:4100"),
  /** Base URL of apps/hub (`/api/auth/*`, `/api/inquiries/*`). */
  HUB_URL: z.url().default("http://127.0.0.1:4000"),
  /**
   * The hub's origin as browsers reach it (Socket.IO). Unset: the page's own hostname with
   * HUB_URL's protocol and port, so a phone on the LAN finds a hub listening on 0.0.0.0.
   */
  HUB_PUBLIC_URL: z.url().optional(),
  /**
   * This app's origin as browsers reach it, e.g. `https://inquiry.example`. When set, it is an
   * accepted Origin and its protocol decides the cookies' `Secure` flag.
   */
  WEB_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * How many reverse proxies stand in front of this app (0: browsers reach `next start`
   * directly). Only then are X-Forwarded-For/-Proto/-Host believed, and only the entries those
   * proxies added: `next start` keeps whatever a client sent in these headers.
   */
  WEB_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
});
export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Parsed, validated environment; throws once, clearly, on a malformed URL. */
export function readEnv(): Env {
  cached ??= EnvSchema.parse({
    AGENT_URL: process.env.AGENT_URL || undefined,
    HUB_URL: process.env.HUB_URL || undefined,
    HUB_PUBLIC_URL: process.env.HUB_PUBLIC_URL || undefined,
    WEB_PUBLIC_URL: process.env.WEB_PUBLIC_URL || undefined,
    WEB_TRUSTED_PROXY_HOPS: process.env.WEB_TRUSTED_PROXY_HOPS || undefined,
  });
  return cached;
}

/** `base` joined with an absolute `path`, tolerating a trailing slash on `base`. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}
