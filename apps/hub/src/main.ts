import { createHub } from "./app";
import { loadConfig } from "./env";

function readConfig(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const hub = createHub(readConfig());
const url = await hub.listen();
console.log(`inquiry hub listening on ${url.origin}`);

function shutdown(signal: string): void {
  console.log(`${signal} received, closing`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  hub.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("shutdown failed", error);
      process.exit(1);
    },
  );
}

process.once("SIGINT", () => shutdown("SIGINT"));
process.once("SIGTERM", () => shutdown("SIGTERM"));
