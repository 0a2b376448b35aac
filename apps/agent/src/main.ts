import { createLogger } from "@inquiry-hub/logging";
import { createAgentServer } from "./app";
import { readAgentEnv } from "./env";

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
const server = createAgentServer({ ...env.config, logger });
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
    },
    "agent listening",
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
