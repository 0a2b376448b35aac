import { createLogger } from "@inquiry-hub/logging";
import type { Logger } from "@inquiry-hub/logging";
import { exposeMetrics } from "@inquiry-hub/telemetry";
import type { MetricsExposure } from "@inquiry-hub/telemetry";
import type { TracerProvider } from "@opentelemetry/api";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { createServer } from "node:http";
import express from "express";
import { createChatCompletionsHandler } from "./http/chat-completions-route";
import { createUnexpectedErrorHandler, handleUnknownRoute } from "./http/error-handler";
import { createModelsHandler } from "./http/models-route";
import { createDemoModel } from "./llm/demo-model";
import { createOpenAiProvider } from "./llm/openai-provider";
import type { OpenAiProviderConfig } from "./llm/openai-provider";
import type { ModelProvider } from "./loop/model-provider";
import type { RunSettings } from "./loop/run-settings";
import { NO_RUN_TRACER } from "./loop/run-tracer";
import { DEFAULT_SYSTEM_PROMPT } from "./loop/system-prompt";
import { createRunRoutes } from "./http/run-routes";
import { createHubClient } from "./hub/hub-api-client";
import type { RunStore } from "./runs/ports";
import { createRunManager } from "./runs/run-manager";
import { startResumeSweep } from "./runs/resume-sweep";
import { refuseMetrics } from "./http/refuse-metrics";
import { createPrometheusAgentMetrics } from "./metrics/prometheus-agent-metrics";
import { createMemoryRunStore } from "./stores/memory-run-store";
import { openToolBox } from "./tools/mcp-tool-box";
import { createRunTracer } from "./tracing/run-tracing";

/** Configuration of {@link createAgentServer}; `env.ts` builds it from the environment. */
export interface AgentConfig {
  /** The hub's MCP endpoint (`send_inquiry`), e.g. `http://127.0.0.1:4000/mcp`. */
  hubMcpUrl: string;
  /**
   * The demo tools' MCP endpoint: the hub's approval proxy (`http://127.0.0.1:4000/proxy/demo/mcp`,
   * sent the user's bearer because it shares the hub's origin) or demo-tools directly.
   */
  demoToolsMcpUrl: string;
  /** MCP tool call timeout in seconds; must exceed the hub's own timeout plus its grace. */
  mcpTimeoutSeconds: number;
  /** Ceiling on one tool call however many heartbeats arrive, in seconds. Default 24 h. */
  mcpMaxTotalTimeoutSeconds?: number;
  /** Model turns per request before giving up. */
  maxSteps: number;
  /** An OpenAI-compatible model offered next to the demo model; absent when no key is set. */
  openai?: OpenAiProviderConfig;
  /** Prepended to conversations without a system message; default {@link DEFAULT_SYSTEM_PROMPT}. */
  systemPrompt?: string;
  /**
   * Replaces the providers built from the configuration (tests use it). By default: the
   * OpenAI-compatible model when configured, then the built-in demo model.
   */
  models?: readonly ModelProvider[];
  /** Where failures are reported; default: the service logger on stdout (LOG_LEVEL). */
  logger?: Logger;
  /**
   * Where background runs and their logs live. Default: a fresh in-memory store (runs die with
   * the process). Several agents given the same store serve each other's runs.
   */
  runStore?: RunStore;
  /** This process among the nodes sharing `runStore` (lease holder); default a random id. */
  nodeId?: string;
  /** How often runs whose lease lapsed are looked for, in ms; default 5 s (tests shorten it). */
  resumeSweepMs?: number;
  /**
   * Where run spans go (OpenTelemetry; main.ts builds an OTLP exporter from OTEL_* variables,
   * tests an in-memory one). Absent = tracing off.
   */
  tracerProvider?: TracerProvider;
  /** Where Prometheus `/metrics` is served (METRICS_TOKEN, METRICS_PORT); default off. */
  metrics?: MetricsExposure;
}

/** An agent server that is built but not yet listening; the caller picks host and port. */
export interface AgentServer {
  httpServer: Server;
  /**
   * Shuts down: stops resuming, lets its background runs go WITHOUT ending them (their leases
   * are released, so a restarted or other agent resumes them at once), closes the server.
   */
  close(): Promise<void>;
  /** Starts the separate `/metrics` listener (METRICS_PORT) and resolves with its base URL. */
  listenMetrics(): Promise<URL | undefined>;
}

const DEFAULT_MAX_TOTAL_TIMEOUT_SECONDS = 24 * 60 * 60;
/** A run's lease, its renewal and the resume sweep: a dead node's runs resume within ~20 s. */
const RUN_TIMING = { leaseMs: 15_000, renewMs: 5_000 };
const SWEEP_MS = 5_000;

/**
 * The composition root: an OpenAI-compatible HTTP API (`/v1/models`,
 * `/v1/chat/completions`) over the tool loop. Exported so tests run the real server
 * in-process on port 0.
 *
 * @example
 * const agent = createAgentServer({ hubMcpUrl, demoToolsMcpUrl, mcpTimeoutSeconds: 150, maxSteps: 8 });
 * agent.httpServer.listen(0, "127.0.0.1");
 */
export function createAgentServer(config: AgentConfig): AgentServer {
  const providers = config.models ?? [
    ...(config.openai ? [createOpenAiProvider(config.openai)] : []),
    createDemoModel(),
  ];
  const metrics = createPrometheusAgentMetrics();
  const settings: RunSettings = {
    models: new Map(providers.map((provider) => [provider.id, provider])),
    hubMcpUrl: new URL(config.hubMcpUrl),
    demoToolsMcpUrl: new URL(config.demoToolsMcpUrl),
    openToolBox,
    timeouts: {
      timeoutMs: config.mcpTimeoutSeconds * 1000,
      maxTotalTimeoutMs:
        (config.mcpMaxTotalTimeoutSeconds ?? DEFAULT_MAX_TOTAL_TIMEOUT_SECONDS) * 1000,
    },
    maxSteps: config.maxSteps,
    systemPrompt: config.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
    logger: config.logger ?? createLogger({ service: "agent" }),
    tracer:
      config.tracerProvider === undefined ? NO_RUN_TRACER : createRunTracer(config.tracerProvider),
    metrics,
  };

  const store = config.runStore ?? createMemoryRunStore();
  const hub = createHubClient(settings.hubMcpUrl.origin, settings.logger);
  const manager = createRunManager({
    store,
    hub,
    logger: settings.logger,
    settings,
    nodeId: config.nodeId ?? randomUUID(),
    timing: RUN_TIMING,
    metrics,
  });
  const stopListening = manager.listenForCancels();
  const stopSweep = startResumeSweep(
    () => manager.sweep(),
    config.resumeSweepMs ?? SWEEP_MS,
    settings.logger,
  );

  const app = express();
  app.use(express.json({ limit: "5mb" }));
  app.get("/v1/models", createModelsHandler(settings.models));
  const shuttingDown = new AbortController();
  app.post(
    "/v1/chat/completions",
    createChatCompletionsHandler(settings, { manager, store, hub }, shuttingDown.signal),
  );
  app.use(createRunRoutes(manager, store));
  app.get("/health", (_req, res) => {
    res.json({ ok: true });
  });
  // Readiness, unlike /health: 503 while the run store cannot serve (Redis lost), so a load
  // balancer routes around this node until it recovers.
  app.get("/ready", (_req, res) => {
    const state = store.readiness?.() ?? { ready: true };
    res.status(state.ready ? 200 : 503).json(state);
  });
  const metricsEndpoints = exposeMetrics({
    exposure: config.metrics ?? { kind: "off" },
    registry: metrics.registry,
    refuse: refuseMetrics,
  });
  app.use(metricsEndpoints.router);
  app.use(handleUnknownRoute);
  app.use(createUnexpectedErrorHandler(settings.logger));

  const httpServer = createServer(app);
  const closeHttp = () =>
    new Promise<void>((resolve, reject) => {
      if (!httpServer.listening) {
        resolve();
        return;
      }
      httpServer.closeAllConnections();
      httpServer.close((error) => (error ? reject(error) : resolve()));
    });
  return {
    httpServer,
    async close() {
      shuttingDown.abort();
      stopSweep();
      // Before any await: a run whose call ends in this shutdown (say the hub stops at the same
      // signal) must already be detached, or it would end and revoke its credential.
      const detaching = manager.detachAll();
      await (
        await stopListening
      )();
      await detaching;
      await closeHttp();
      await metricsEndpoints.close();
      if (!config.runStore) await store.close();
    },
    listenMetrics: () => metricsEndpoints.listen(),
  };
}
