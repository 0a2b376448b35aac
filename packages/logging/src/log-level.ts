import pino from "pino";
import type { LevelWithSilent } from "pino";

/** The level when LOG_LEVEL is unset: everything but debug and trace. */
export const DEFAULT_LOG_LEVEL: LevelWithSilent = "info";

function isLevel(value: string): value is LevelWithSilent {
  return value === "silent" || value in pino.levels.values;
}

/**
 * Reads a LOG_LEVEL value (`trace debug info warn error fatal silent`, any case; unset or
 * empty = `info`). Throws on anything else: a typo must not silently turn logging off or up.
 */
export function parseLogLevel(value: string | undefined): LevelWithSilent {
  const level = value?.trim().toLowerCase() ?? "";
  if (level === "") return DEFAULT_LOG_LEVEL;
  if (!isLevel(level))
    throw new Error(
      `LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent (got "${value}")`,
    );
  return level;
}
