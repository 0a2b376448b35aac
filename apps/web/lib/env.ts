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
});
export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Parsed, validated environment; throws once, clearly, on a malformed URL. */
export function readEnv(): Env {
  cached ??= EnvSchema.parse({
    AGENT_URL: process.env.AGENT_URL || undefined,
    HUB_URL: process.env.HUB_URL || undefined,
    HUB_PUBLIC_URL: process.env.HUB_PUBLIC_URL || undefined,
  });
  return cached;
}

/** `base` joined with an absolute `path`, tolerating a trailing slash on `base`. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}
