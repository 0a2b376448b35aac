export { createDemoToolsServer } from "./app";
export type { DemoToolsConfig, DemoToolsServer } from "./app";
export { forecastFor } from "./tools/get-weather";
export { loadOrCreateToken } from "./access-token";
