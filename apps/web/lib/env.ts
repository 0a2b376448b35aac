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
});
export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Parsed, validated environment; throws once, clearly, on a malformed URL. */
export function readEnv(): Env {
  cached ??= EnvSchema.parse({
    AGENT_URL: process.env.AGENT_URL || undefined,
    HUB_URL: process.env.HUB_URL || undefined,
  });
  return cached;
}

/** `base` joined with an absolute `path`, tolerating a trailing slash on `base`. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}
