export { createLogger, auditChild } from "./create-logger";
export type { LoggerOptions } from "./create-logger";
export { DEFAULT_LOG_LEVEL, parseLogLevel } from "./log-level";
export { REDACTED, REDACTED_PATHS } from "./redact-paths";
export { captureLogLines, silentLogger } from "./capture-logger";
export type { CapturedLogger } from "./capture-logger";
export type { Logger } from "pino";
export { DATA_DIR_VARIABLE, DATA_ENTRIES, dataDirectory, dataPath } from "./data-directory";
export type { DataEntry, DataEnv, UserFolders } from "./data-directory";
export {
  PRIVATE_FILE_MODE,
  PRIVATE_FOLDER_MODE,
  ensurePrivateFolder,
  restrictToOwner,
} from "./private-files";
export { CHECKOUT_STATE_FOLDER, adoptCheckoutState } from "./checkout-state";
export type { CheckoutStateMove, CheckoutStateOutcome } from "./checkout-state";
