import type { ToolDefinitionPins } from "../ports";

/**
 * Tool definition pins of a single in-memory node: gone with the process, so after a restart
 * every definition is first seen again. The embedded store and Redis keep them.
 */
export function createMemoryToolDefinitionPins(): ToolDefinitionPins {
  const byScope = new Map<string, Map<string, string>>();
  const pinsOf = (userId: string, upstream: string): Map<string, string> => {
    const key = JSON.stringify([userId, upstream]);
    let pins = byScope.get(key);
    if (pins === undefined) {
      pins = new Map();
      byScope.set(key, pins);
    }
    return pins;
  };

  return {
    pinFirstSeen({ userId, upstream }, digests) {
      const pins = pinsOf(userId, upstream);
      const pinned: Record<string, string> = {};
      for (const [tool, digest] of Object.entries(digests)) {
        if (!pins.has(tool)) pins.set(tool, digest);
        pinned[tool] = pins.get(tool) ?? digest;
      }
      return Promise.resolve(pinned);
    },
    accept({ userId, upstream }, tool, digest) {
      pinsOf(userId, upstream).set(tool, digest);
      return Promise.resolve();
    },
  };
}
