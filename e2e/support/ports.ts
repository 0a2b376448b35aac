/**
 * Ports of the product as the end-to-end suite runs it: apart from the defaults, so a
 * product started with `npm start` on the same machine does not collide with the tests.
 */
export const E2E_PORTS = {
  web: 3300,
  hub: 4300,
  agent: 4301,
  demoTools: 4302,
} as const;

export const WEB_URL = `http://localhost:${E2E_PORTS.web}`;
export const HUB_URL = `http://127.0.0.1:${E2E_PORTS.hub}`;
