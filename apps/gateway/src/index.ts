export { createGateway } from "./gateway";
export type { Gateway, GatewayOptions } from "./gateway";
export { ensureLanCertificate } from "./lan-certificate";
export type { LanCertificate } from "./lan-certificate";
export { CERTIFICATE_PATH, HUB_PATH_PREFIX } from "./routes";
