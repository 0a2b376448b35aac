import type { LevelWithSilent, Logger } from "pino";
import { createLogger } from "./create-logger";

/** A logger whose lines are kept in memory, parsed, for tests to assert on. */
export interface CapturedLogger {
  logger: Logger;
  /** Every line written so far, parsed from its JSON. */
  lines(): Record<string, unknown>[];
  /** Every line written so far, exactly as it would have reached stdout. */
  rawLines(): string[];
}

/**
 * The service logger (same fields and redaction) writing into memory instead of stdout.
 *
 * @example
 * const captured = captureLogLines({ service: "hub" });
 * createHub(config, { logger: captured.logger });
 * expect(captured.lines()).toContainEqual(expect.objectContaining({ msg: "..." }));
 */
export function captureLogLines(options: {
  service: string;
  level?: LevelWithSilent;
}): CapturedLogger {
  const raw: string[] = [];
  const logger = createLogger({
    ...options,
    level: options.level ?? "trace",
    destination: { write: (line: string) => raw.push(line.trimEnd()) },
  });
  return {
    logger,
    rawLines: () => [...raw],
    lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** A logger that writes nothing, for tests that do not look at the logs. */
export function silentLogger(): Logger {
  return createLogger({ service: "test", level: "silent" });
}
