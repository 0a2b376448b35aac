import { afterEach } from "vitest";

/** Anything a test opens and must close: a hub, an upstream, a client. */
interface Closable {
  close(): Promise<void>;
}

/**
 * For tests that each open their own resources: the returned function hands one over and
 * returns it, and after the test they close one at a time, the last handed over first (the
 * client before the hub it talks to, the hub before its upstream).
 *
 * @example
 * const closeAfterTest = useClosedAfterTest();
 * it("…", async () => { const hub = closeAfterTest(await startTestHub()); … });
 */
export function useClosedAfterTest(): <T extends Closable>(resource: T) => T {
  const open: Closable[] = [];
  afterEach(async () => {
    for (const resource of open.splice(0).reverse()) await resource.close();
  });
  return (resource) => {
    open.push(resource);
    return resource;
  };
}
