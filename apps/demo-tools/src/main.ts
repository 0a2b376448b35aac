import { loadOrCreateToken } from "./access-token";
import { createDemoToolsServer } from "./app";
import { readDemoToolsEnv } from "./env";

function exitWith(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
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
const bearerToken = env.token ?? (await loadOrCreateToken(env.tokenFile).catch(exitWith));
const server = createDemoToolsServer({
  sandboxDir: env.sandboxDir,
  bearerToken,
  allowedHosts: env.allowedHosts,
  allowedOrigins: env.allowedOrigins,
});
server.httpServer.on("error", (error) => {
  console.error(`demo-tools could not listen on ${env.host}:${env.port}:`, error.message);
  process.exit(1);
});
server.httpServer.listen(env.port, env.host, () => {
  const tokenSource = env.token === undefined ? `token file ${env.tokenFile}` : "DEMO_TOOLS_TOKEN";
  console.log(
    `demo-tools MCP server on http://${env.host}:${env.port}/mcp (sandbox ${env.sandboxDir}; bearer from ${tokenSource})`,
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
