export { createGateway } from "./gateway";
export type { Gateway, GatewayOptions } from "./gateway";
export type { ConnectionLimits } from "./connection-guard";
export { ensureLanCertificate } from "./lan-certificate";
export type { CertificateOrigin, LanCertificate } from "./lan-certificate";
export { CERTIFICATE_PATH, HUB_PATH_PREFIX } from "./routes";
