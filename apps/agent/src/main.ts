import { randomUUID } from "node:crypto";
import { createLogger } from "@inquiry-hub/logging";
import { startOtlpTracing } from "@inquiry-hub/telemetry";
import { createAgentServer } from "./app";
import { readAgentEnv } from "./env";
import { adoptCheckoutAgentData } from "./repository-root";
import type { RunStore } from "./runs/ports";
import { createRunStore } from "./stores/create-run-store";

const logger = createLogger({ service: "agent" });

function readEnvOrExit(): ReturnType<typeof readAgentEnv> {
  try {
    return readAgentEnv();
  } catch (error) {
    logger.fatal({ err: error }, "configuration refused");
    process.exit(1);
  }
}

const env = readEnvOrExit();

/** The run store, or exit naming why (say another agent holds the data folder). */
function openRunStoreOrExit(): RunStore {
  try {
    if (env.runStore.kind === "embedded") adoptCheckoutAgentData(env.runStore.dataDir, logger);
    return createRunStore(env.runStore, logger);
  } catch (error) {
    logger.fatal({ err: error, store: env.runStore.kind }, "run store refused");
    process.exit(1);
  }
}

const runStore = openRunStoreOrExit();
const nodeId = randomUUID();
const tracing = env.tracing === undefined ? undefined : startOtlpTracing(env.tracing, nodeId);
const server = createAgentServer({
  ...env.config,
  runStore,
  logger,
  nodeId,
  ...(tracing === undefined ? {} : { tracerProvider: tracing.provider }),
});
server.listenMetrics().then(
  (url) => {
    if (url !== undefined) logger.info({ url: url.origin }, "metrics listening");
  },
  (error: unknown) => {
    logger.fatal({ err: error }, "could not listen for metrics");
    process.exit(1);
  },
);
server.httpServer.on("error", (error) => {
  logger.fatal({ err: error, host: env.host, port: env.port }, "could not listen");
  process.exit(1);
});
server.httpServer.listen(env.port, env.host, () => {
  logger.info(
    {
      url: `http://${env.host}:${env.port}/v1`,
      hub: env.config.hubMcpUrl,
      tools: env.config.demoToolsMcpUrl,
      model: env.config.openai
        ? `${env.config.openai.model} at ${env.config.openai.baseURL}`
        : "demo only",
      runs: env.runStore.kind,
    },
    "agent listening",
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server
      .close()
      .then(() => runStore.close())
      .then(() => tracing?.shutdown())
      .then(() => process.exit(0));
  });
}
