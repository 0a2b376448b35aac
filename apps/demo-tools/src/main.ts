import { createDemoToolsServer } from "./app";
import { readDemoToolsEnv } from "./env";

function readEnvOrExit(): ReturnType<typeof readDemoToolsEnv> {
  try {
    return readDemoToolsEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const env = readEnvOrExit();
const server = createDemoToolsServer({ sandboxDir: env.sandboxDir });
server.httpServer.on("error", (error) => {
  console.error(`demo-tools could not listen on ${env.host}:${env.port}:`, error.message);
  process.exit(1);
});
server.httpServer.listen(env.port, env.host, () => {
  console.log(
    `demo-tools MCP server on http://${env.host}:${env.port}/mcp (sandbox ${env.sandboxDir})`,
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
