import { randomUUID } from "node:crypto";
import { startRedisServer } from "@inquiry-hub/test-kit";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { useForSuite } from "./suite-resource";

/**
 * Gives the enclosing `describe` a private redis-server and the hub's Redis stores on it,
 * under the key prefix `label` plus a random id: started and ready in its beforeAll, closed
 * in its afterAll. Call the returned getter inside its tests (or a contract's `open`).
 *
 * @example
 * describe("on Redis", () => {
 *   const infra = useSuiteRedisInfra("settings");
 *   describeSettingsContract("redis", () => infra().settingsStore);
 * });
 */
export function useSuiteRedisInfra(label: string): () => RedisInfra {
  const started = useForSuite(
    "useSuiteRedisInfra",
    async () => {
      const server = await startRedisServer();
      const infra = createRedisInfra({ url: server.url, keyPrefix: `${label}-${randomUUID()}:` });
      await infra.ready();
      return { server, infra };
    },
    async ({ server, infra }) => {
      await infra.close();
      await server.stop();
    },
  );
  return () => started().infra;
}
