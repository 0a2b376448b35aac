import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseRedisTopology } from "@inquiry-hub/redis-topology";
import { DEMO_MODEL_ID } from "@inquiry-hub/protocol";
import {
  MetricsEnvSchema,
  TracingEnvSchema,
  metricsExposure,
  tracingExport,
} from "@inquiry-hub/telemetry";
import type { OtlpTracingConfig } from "@inquiry-hub/telemetry";
import type { AgentConfig } from "./app";
import { DEFAULT_SYSTEM_PROMPT } from "./loop/system-prompt";
import { defaultAgentDataDir } from "./repository-root";
import type { RunStoreChoice } from "./stores/create-run-store";
import { HUB_TIMEOUT_DEFAULTS, agentTimeoutChainProblems } from "./timeout-chain";

/** An optional text variable; set but empty (`OPENAI_API_KEY=` in a .env file) means unset. */
const OptionalText = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/**
 * One of the hub's durations, read only to check the timeout chain: seconds as the hub reads
 * them, fractional allowed; empty or unset means the hub's default.
 */
const hubSeconds = (fallback: number) =>
  z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce.number().min(0).default(fallback),
    )
    .meta({
      description:
        "The hub's value, read only to check the timeout chain; the hub's default when unset.",
    });

/**
 * The agent's variables. Each one's `.meta({ description })` is its documentation: the docs'
 * configuration reference is generated from this schema (`docs/scripts/`), so it cannot drift.
 */
export const EnvSchema = z.object({
  ...MetricsEnvSchema.shape,
  ...TracingEnvSchema.shape,
  AGENT_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(4100)
    .meta({ description: "The agent's listen port." }),
  AGENT_HOST: z
    .string()
    .min(1)
    .default("127.0.0.1")
    .meta({ description: "The agent's listen interface." }),
  HUB_MCP_URL: z
    .url()
    .default("http://127.0.0.1:4000/mcp")
    .meta({ description: "The hub's MCP endpoint (`send_inquiry`)." }),
  /** The demo tools, by default through the hub's approval proxy (which gets the user's bearer). */
  DEMO_TOOLS_MCP_URL: z.url().default("http://127.0.0.1:4000/proxy/demo/mcp").meta({
    description:
      "The demo tools, reached through the hub's approval proxy (demo-tools itself only serves holders of its token).",
  }),
  AGENT_MCP_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(150).meta({
    description:
      "MCP request timeout, reset by progress; must exceed `HUB_INQUIRY_TIMEOUT_SECONDS` + `HUB_TIMEOUT_GRACE_SECONDS` and `HUB_HEARTBEAT_SECONDS`.",
  }),
  AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60)
    .meta({
      description:
        "Hard cap on one MCP call, heartbeats or not; not below `AGENT_MCP_TIMEOUT_SECONDS` and above `HUB_EXTEND_MAX_SECONDS` + grace.",
    }),
  AGENT_MAX_STEPS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(8)
    .meta({ description: "Model turns per chat request." }),
  OPENAI_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://api.openai.com/v1")
    .meta({ description: "API root of any OpenAI-compatible server." }),
  OPENAI_API_KEY: OptionalText.meta({
    description:
      "Turns on the real model (any value for servers that need no key, such as Ollama); unset: only the built-in demo model.",
  }),
  AGENT_MODEL: z
    .string()
    .trim()
    .min(1)
    .refine((id) => id !== DEMO_MODEL_ID, `must differ from the demo model's id "${DEMO_MODEL_ID}"`)
    .default("gpt-4o-mini")
    .meta({
      description:
        "Upstream model name, listed first by `/v1/models`; must differ from the demo model's id.",
    }),
  OPENAI_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(2)
    .meta({ description: "Client retries on 429/5xx before anything was streamed." }),
  AGENT_SYSTEM_PROMPT: OptionalText.meta({
    description:
      "Replaces the built-in clarify-first system prompt with this text (not with `AGENT_SYSTEM_PROMPT_FILE`).",
  }),
  AGENT_SYSTEM_PROMPT_FILE: OptionalText.meta({
    description:
      "Replaces the built-in system prompt with this file's content (not with `AGENT_SYSTEM_PROMPT`); an unreadable or empty file stops the agent.",
  }),
  HUB_INQUIRY_TIMEOUT_SECONDS: hubSeconds(HUB_TIMEOUT_DEFAULTS.inquiryTimeoutSeconds),
  HUB_TIMEOUT_GRACE_SECONDS: hubSeconds(HUB_TIMEOUT_DEFAULTS.timeoutGraceSeconds),
  HUB_HEARTBEAT_SECONDS: hubSeconds(HUB_TIMEOUT_DEFAULTS.heartbeatSeconds),
  HUB_EXTEND_MAX_SECONDS: hubSeconds(HUB_TIMEOUT_DEFAULTS.extendMaxSeconds),
  AGENT_STORE: z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(["embedded", "memory"], { error: "must be embedded or memory" }).optional(),
    )
    .meta({
      description:
        "Where runs are kept without Redis: `embedded` (LMDB in `AGENT_DATA_DIR`, the default; one agent per folder) or `memory` (tests); refused beside `REDIS_URL`, `REDIS_SENTINELS` or `REDIS_CLUSTER_NODES`, which keep runs in Redis for several agent nodes.",
    }),
  AGENT_DATA_DIR: OptionalText.meta({
    description: "Folder of the embedded run store; unset: `agent/` in the data directory.",
  }),
  AGENT_RUN_LOG_TTL_SECONDS: z.coerce.number().int().positive().default(86_400).meta({
    description:
      "How long a finished run and its log stay for re-attaching (reload), then are deleted; runs in progress never expire.",
  }),
});

type Env = z.infer<typeof EnvSchema>;

/** The system prompt: the env text, else the file's content, else the default. */
function readSystemPrompt(env: Env): string {
  if (env.AGENT_SYSTEM_PROMPT !== undefined && env.AGENT_SYSTEM_PROMPT_FILE !== undefined) {
    throw new Error("set AGENT_SYSTEM_PROMPT or AGENT_SYSTEM_PROMPT_FILE, not both");
  }
  if (env.AGENT_SYSTEM_PROMPT !== undefined) return env.AGENT_SYSTEM_PROMPT;
  if (env.AGENT_SYSTEM_PROMPT_FILE === undefined) return DEFAULT_SYSTEM_PROMPT;
  let text: string;
  try {
    text = readFileSync(env.AGENT_SYSTEM_PROMPT_FILE, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`AGENT_SYSTEM_PROMPT_FILE: cannot read it (${reason})`);
  }
  if (text.trim() === "") throw new Error("AGENT_SYSTEM_PROMPT_FILE: the file is empty");
  return text;
}

/**
 * The run store: Redis when a topology is set (one Redis, Sentinel or Cluster, read by the
 * parser the hub uses too), else AGENT_STORE, else embedded. AGENT_STORE beside Redis is
 * refused rather than one silently winning.
 */
function readRunStoreChoice(env: Env, source: NodeJS.ProcessEnv): RunStoreChoice {
  const ttlMs = env.AGENT_RUN_LOG_TTL_SECONDS * 1000;
  const topology = parseRedisTopology(source);
  if (topology !== undefined) {
    if (env.AGENT_STORE !== undefined) {
      throw new Error(
        "AGENT_STORE cannot be combined with REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS (Redis is then the store); unset one",
      );
    }
    return { kind: "redis", topology, ttlMs };
  }
  if (env.AGENT_STORE === "memory") return { kind: "memory", ttlMs };
  const dataDir = env.AGENT_DATA_DIR ?? defaultAgentDataDir(source);
  return { kind: "embedded", dataDir, ttlMs };
}

/** Where to listen, the server configuration, and the run store for main.ts to open. */
export interface AgentEnv {
  port: number;
  host: string;
  config: AgentConfig;
  runStore: RunStoreChoice;
  /** Where spans are exported (OTEL_EXPORTER_OTLP_*); absent = tracing off. */
  tracing: OtlpTracingConfig | undefined;
}

/**
 * The only place that reads `process.env`. Throws an error naming every bad variable, so a
 * misconfigured agent stops at start-up instead of failing on its first chat.
 *
 * The OpenAI-compatible model is configured only when `OPENAI_API_KEY` is set (servers that
 * need no key, such as Ollama, accept any value); the demo model is always there.
 */
export function readAgentEnv(source: NodeJS.ProcessEnv = process.env): AgentEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid agent environment: ${problems.join("; ")}`);
  }
  const env = parsed.data;
  const chain = agentTimeoutChainProblems({
    mcpTimeoutSeconds: env.AGENT_MCP_TIMEOUT_SECONDS,
    mcpMaxTotalTimeoutSeconds: env.AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS,
    hubInquiryTimeoutSeconds: env.HUB_INQUIRY_TIMEOUT_SECONDS,
    hubTimeoutGraceSeconds: env.HUB_TIMEOUT_GRACE_SECONDS,
    hubHeartbeatSeconds: env.HUB_HEARTBEAT_SECONDS,
    hubExtendMaxSeconds: env.HUB_EXTEND_MAX_SECONDS,
  });
  if (chain.length > 0) throw new Error(`Invalid agent environment: ${chain.join("; ")}`);
  const metrics = metricsExposure(env);
  if (!metrics.ok) throw new Error(`Invalid agent environment: ${metrics.problem}`);
  let systemPrompt: string;
  let runStore: RunStoreChoice;
  try {
    systemPrompt = readSystemPrompt(env);
    runStore = readRunStoreChoice(env, source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Invalid agent environment: ${reason}`);
  }
  return {
    port: env.AGENT_PORT,
    host: env.AGENT_HOST,
    runStore,
    tracing: tracingExport(env, "inquiry-hub-agent"),
    config: {
      hubMcpUrl: env.HUB_MCP_URL,
      demoToolsMcpUrl: env.DEMO_TOOLS_MCP_URL,
      mcpTimeoutSeconds: env.AGENT_MCP_TIMEOUT_SECONDS,
      mcpMaxTotalTimeoutSeconds: env.AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS,
      maxSteps: env.AGENT_MAX_STEPS,
      systemPrompt,
      metrics: metrics.exposure,
      ...(env.OPENAI_API_KEY === undefined
        ? {}
        : {
            openai: {
              baseURL: env.OPENAI_BASE_URL,
              apiKey: env.OPENAI_API_KEY,
              model: env.AGENT_MODEL,
              maxRetries: env.OPENAI_MAX_RETRIES,
            },
          }),
    },
  };
}
