export { createHub } from "./app";
export type { Hub, HubDeps } from "./app";
export { DEFAULT_HUB_CONFIG } from "./config";
export type { HubConfig } from "./config";
export { MAX_TIMEOUT_SECONDS } from "./core/timeout-limits";
export { loadConfig } from "./env";
