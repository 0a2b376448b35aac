import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Ports of the LAN-mode product (support/lan-product.ts), apart from every other product's
 * (see ports.ts).
 */
export const LAN_PORTS = {
  web: 3320,
  hub: 4320,
  agent: 4321,
  demoTools: 4322,
  /** The HTTPS front door. */
  frontDoor: 3453,
} as const;

/**
 * The host name phones use in this suite: not localhost, so nothing about it is special to
 * the browser, and mapped to 127.0.0.1 by Chromium's `--host-resolver-rules` (no DNS, no LAN).
 */
export const LAN_HOST = "inquiry-hub.test";

/** PUBLIC_URL as LAN mode derives it from LAN_HOST and LAN_PORT. */
export const LAN_PUBLIC_URL = `https://${LAN_HOST}:${LAN_PORTS.frontDoor}`;

/** The desktop opens the web directly on localhost, as a person at the computer does. */
export const LAN_DESKTOP_URL = `http://localhost:${LAN_PORTS.web}`;

export const LAN_HUB_URL = `http://127.0.0.1:${LAN_PORTS.hub}`;

/** The suite's own files (certificate, hub secrets, proxy config), away from a developer's. */
export const LAN_SUITE_DIR = path.join(tmpdir(), "inquiry-hub-e2e-lan");
