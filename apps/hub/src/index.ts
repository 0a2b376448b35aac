export { createHub } from "./composition/app";
export type { Hub, HubDeps, HubOverrides } from "./composition/app";
export { DEFAULT_HUB_CONFIG } from "./config/hub-config";
export type { HubConfig } from "./config/hub-config";
export { MAX_TIMEOUT_SECONDS } from "./kernel/timeout-limits";
export { loadConfig } from "./config/env";
export { parseProxyConfig } from "./config/load-proxy-config";
export { createEmbeddedInfra } from "./composition/stores/embedded-infra";
export { createMemoryInquiryStore } from "./features/inquiries/stores/memory-inquiry-store";
export { openInquiry } from "./features/inquiries/inquiry-machine";
export {
  HUB_SPAN_ATTRIBUTES,
  HUB_SPAN_NAMES,
  createOtelInquiryTracing,
} from "./features/inquiries/adapters/otel-inquiry-tracing";
