import { afterAll, beforeAll } from "vitest";

/**
 * Gives the enclosing `describe` one resource (a Redis deployment, a connection…): started in
 * its beforeAll, stopped in its afterAll. Call the returned getter inside its tests or later
 * hooks; called before the start it throws an error naming `caller`.
 *
 * @example
 * const cluster = useForSuite("useRedisCluster", () => startRedisCluster(), (c) => c.stop());
 */
export function useForSuite<T>(
  caller: string,
  start: () => Promise<T>,
  stop: (resource: T) => Promise<void>,
  startTimeoutMs?: number,
): () => T {
  let started: { resource: T } | undefined;
  beforeAll(async () => {
    started = { resource: await start() };
  }, startTimeoutMs);
  afterAll(async () => {
    if (started !== undefined) await stop(started.resource);
  });
  return () => {
    if (started === undefined) throw new Error(`${caller}: used outside its describe's tests`);
    return started.resource;
  };
}
