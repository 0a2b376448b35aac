export { createHub } from "./composition/app";
export type { Hub, HubDeps } from "./composition/app";
export { DEFAULT_HUB_CONFIG } from "./config/hub-config";
export type { HubConfig } from "./config/hub-config";
export { MAX_TIMEOUT_SECONDS } from "./core/shared/timeout-limits";
export { loadConfig } from "./config/env";
export { parseProxyConfig } from "./config/load-proxy-config";
export { createEmbeddedInfra } from "./infra/lmdb";
export { createMemoryInquiryStore } from "./infra/memory/memory-inquiry-store";
export { openInquiry } from "./core/inquiries/inquiry-machine";
export {
  HUB_SPAN_ATTRIBUTES,
  HUB_SPAN_NAMES,
  createOtelInquiryTracing,
} from "./infra/tracing/otel-inquiry-tracing";
