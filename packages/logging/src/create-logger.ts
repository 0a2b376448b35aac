import pino from "pino";
import type { DestinationStream, LevelWithSilent, Logger } from "pino";
import { parseLogLevel } from "./log-level";
import { REDACTED, REDACTED_PATHS } from "./redact-paths";

/** Options of {@link createLogger}; only `service` is required. */
export interface LoggerOptions {
  /** Written as the `service` field of every line (`hub`, `agent`, `demo-tools`, `start`). */
  service: string;
  /** Default: LOG_LEVEL from the environment, else `info`. */
  level?: LevelWithSilent;
  /** Default: stdout. Tests pass a stream to read the lines back (see captureLogLines). */
  destination?: DestinationStream;
}

/**
 * The logger of a service: one JSON object per line on stdout (`level`, `time`, `service`,
 * `msg` and the fields passed), with secrets and tool arguments redacted (REDACTED_PATHS).
 * Errors go under `err`, which pino serializes with type, message, stack and cause.
 *
 * Plain `pino()` writing to a stream runs in this thread: no transport, so no worker thread
 * and no file the bundler would have to ship beside dist/main.js.
 *
 * This package is the one place LOG_LEVEL is read, so every service honours it alike.
 *
 * @example
 * const logger = createLogger({ service: "hub" });
 * logger.error({ err: error, inquiryId }, "cancelling an inquiry failed");
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? parseLogLevel(process.env.LOG_LEVEL),
      base: { service: options.service },
      redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * The child of `logger` that writes the approval audit. Its fields go out exactly as given:
 * the audit applies its own redaction (arguments digested unless HUB_AUDIT_FULL_ARGUMENTS),
 * which the generic one must not alter. It writes at `info` whatever LOG_LEVEL says: an
 * operator turning down noise must not silence the record of who approved what.
 */
export function auditChild(logger: Logger): Logger {
  return logger.child({ component: "audit" }, { redact: { paths: [] }, level: "info" });
}
