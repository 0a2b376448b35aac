import { Redis } from "ioredis";
import { startRedisServer } from "./redis-server";
import type { TestRedisServer } from "./redis-server";

/** A throwaway redis-server with one plain client on it, owned by one test file. */
export interface RedisWithClient {
  server: TestRedisServer;
  /**
   * A plain client, for what a test writes or reads under the stores' feet: keys laid out as
   * an older version left them, or keys a store is expected to have written.
   */
  raw: Redis;
  /** Quits the client, then stops the server. */
  stop(): Promise<void>;
}

/**
 * Starts a redis-server and opens a plain client on it: the setup of every test that checks
 * keys as they lie in Redis (the key migrations of the hub, the agent and redis-topology).
 */
export async function startRedisWithClient(): Promise<RedisWithClient> {
  const server = await startRedisServer();
  const raw = new Redis(server.url);
  return {
    server,
    raw,
    async stop() {
      await raw.quit();
      await server.stop();
    },
  };
}
