import type { ToolDefinitionPins } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Tool definition pins on disk, so a definition changed while the hub was down is still
 * noticed after the restart. Table `tool-pins`: [userId, upstream, tool] → digest; first
 * sightings are pinned in one write transaction, so of racing sightings one wins.
 */
export function createLmdbToolDefinitionPins(db: EmbeddedDatabase): ToolDefinitionPins {
  const pins = db.table<string>("tool-pins");

  return {
    pinFirstSeen({ userId, upstream }, digests) {
      return pins.transaction(() => {
        const pinned: Record<string, string> = {};
        for (const [tool, digest] of Object.entries(digests)) {
          const key = [userId, upstream, tool];
          const held = pins.get(key);
          if (held === undefined) pins.putSync(key, digest);
          pinned[tool] = held ?? digest;
        }
        return pinned;
      });
    },
    async accept({ userId, upstream }, tool, digest) {
      await pins.put([userId, upstream, tool], digest);
    },
  };
}
