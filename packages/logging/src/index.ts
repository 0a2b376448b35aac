export { createLogger, auditChild } from "./create-logger";
export type { LoggerOptions } from "./create-logger";
export { DEFAULT_LOG_LEVEL, parseLogLevel } from "./log-level";
export { REDACTED, REDACTED_PATHS } from "./redact-paths";
export { captureLogLines, silentLogger } from "./capture-logger";
export type { CapturedLogger } from "./capture-logger";
export type { Logger } from "pino";
