import { createAgentServer } from "./app";
import { readAgentEnv } from "./env";

function readEnvOrExit(): ReturnType<typeof readAgentEnv> {
  try {
    return readAgentEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const env = readEnvOrExit();
const server = createAgentServer(env.config);
server.httpServer.on("error", (error) => {
  console.error(`agent could not listen on ${env.host}:${env.port}:`, error.message);
  process.exit(1);
});
server.httpServer.listen(env.port, env.host, () => {
  console.log(
    `agent on http://${env.host}:${env.port}/v1 (hub ${env.config.hubMcpUrl}, tools ${env.config.demoToolsMcpUrl}, ` +
      `model ${env.config.openai ? `${env.config.openai.model} at ${env.config.openai.baseURL}` : "demo only"})`,
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
