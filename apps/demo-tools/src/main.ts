import { createLogger } from "@inquiry-hub/logging";
import { loadOrCreateToken } from "./access-token";
import { createDemoToolsServer } from "./app";
import { readDemoToolsEnv } from "./env";
import { adoptCheckoutDemoToolsData } from "./repository-root";

const logger = createLogger({ service: "demo-tools" });

function exitWith(error: unknown): never {
  logger.fatal({ err: error }, "cannot start");
  process.exit(1);
}

function readEnvOrExit(): ReturnType<typeof readDemoToolsEnv> {
  try {
    return readDemoToolsEnv();
  } catch (error) {
    exitWith(error);
  }
}

const env = readEnvOrExit();
try {
  adoptCheckoutDemoToolsData(env, logger);
} catch (error) {
  exitWith(error);
}
const bearerToken = env.token ?? (await loadOrCreateToken(env.tokenFile).catch(exitWith));
const server = createDemoToolsServer({
  sandboxDir: env.sandboxDir,
  bearerToken,
  allowedHosts: env.allowedHosts,
  allowedOrigins: env.allowedOrigins,
  logger,
});
server.httpServer.on("error", (error) => {
  logger.fatal({ err: error, host: env.host, port: env.port }, "could not listen");
  process.exit(1);
});
server.httpServer.listen(env.port, env.host, () => {
  const tokenSource = env.token === undefined ? `token file ${env.tokenFile}` : "DEMO_TOOLS_TOKEN";
  logger.info(
    { url: `http://${env.host}:${env.port}/mcp`, sandbox: env.sandboxDir, bearerFrom: tokenSource },
    "demo-tools MCP server listening",
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
