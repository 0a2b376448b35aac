export { createHub } from "./app";
export type { Hub, HubDeps } from "./app";
export { DEFAULT_HUB_CONFIG, MAX_TIMEOUT_SECONDS } from "./config";
export type { HubConfig } from "./config";
export { loadConfig } from "./env";
