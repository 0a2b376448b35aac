import "server-only";
import { PublicUrlSchema } from "@inquiry-hub/protocol";
import { z } from "zod";

/**
 * Server-side configuration: the only module that reads `process.env`.
 * Import it from route handlers and server components only, never from client components.
 * Each variable's `.meta({ description })` is its documentation: the docs' configuration
 * reference is generated from this schema (`docs/scripts/`), so it cannot drift.
 */
export const EnvSchema = z.object({
  AGENT_URL: z.url().default("http://127.0.0.1:4100").meta({
    description:
      "Base URL of apps/agent, where the chat route streams from (OpenAI-compatible `/v1/chat/completions`).",
  }),
  HUB_URL: z
    .url()
    .default("http://127.0.0.1:4000")
    .meta({ description: "Base URL of apps/hub, where the web's route handlers reach it." }),
  HUB_PUBLIC_URL: z.url().optional().meta({
    description:
      "The hub's origin as browsers reach it (Socket.IO). Unset: the page's own hostname with `HUB_URL`'s protocol and port, so a phone on the LAN finds a hub listening on `0.0.0.0`; pages served under `PUBLIC_URL`'s host use `PUBLIC_URL` instead.",
  }),
  PUBLIC_URL: PublicUrlSchema.optional().meta({
    description:
      "The URL people open, e.g. `https://inquiry.example`: an accepted Origin, its protocol decides the cookies' `Secure` flag, the pairing link and QR point to it, and pages served under its host open Socket.IO on it (its front door routes `/socket.io/`).",
  }),
  WEB_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0).meta({
    description:
      "How many reverse proxies stand in front of the web app (0: browsers reach `next start` directly). Only then are `X-Forwarded-For`/`-Proto`/`-Host` believed, and only the entries those proxies added.",
  }),
});
export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/**
 * Parsed, validated environment. A bad variable throws an Error naming it (`invalid web
 * configuration: PUBLIC_URL: …`); instrumentation.ts calls this at start, so a misconfigured
 * app refuses to start instead of failing on each request.
 */
export function readEnv(): Env {
  if (cached !== undefined) return cached;
  const parsed = EnvSchema.safeParse({
    AGENT_URL: process.env.AGENT_URL || undefined,
    HUB_URL: process.env.HUB_URL || undefined,
    HUB_PUBLIC_URL: process.env.HUB_PUBLIC_URL || undefined,
    PUBLIC_URL: process.env.PUBLIC_URL || undefined,
    WEB_TRUSTED_PROXY_HOPS: process.env.WEB_TRUSTED_PROXY_HOPS || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`invalid web configuration: ${problems.join("; ")}`);
  }
  cached = parsed.data;
  return cached;
}

/** `base` joined with an absolute `path`, tolerating a trailing slash on `base`. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}
