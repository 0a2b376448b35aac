import { afterEach } from "vitest";
import type { HubConfig } from "../../src/index";
import { startTestCluster } from "./cluster";
import type { TestCluster } from "./cluster";
import { useForSuite } from "./suite-resource";

/**
 * Gives the enclosing `describe` a cluster of startTestCluster: started in its beforeAll,
 * closed in its afterAll, every device socket disconnected after each test. Call the returned
 * getter inside its tests.
 *
 * @example
 * const cluster = useTestCluster({ name: "receipts", leaseSeconds: 3 });
 * it("…", async () => { const { nodeA, nodeB } = cluster(); … });
 */
export function useTestCluster(
  options: { name: string; leaseSeconds: number },
  overrides: Partial<HubConfig> = {},
): () => TestCluster {
  const cluster = useForSuite(
    "useTestCluster",
    () => startTestCluster(options, overrides),
    (started) => started.close(),
  );
  afterEach(() => cluster().closeDevices());
  return cluster;
}
