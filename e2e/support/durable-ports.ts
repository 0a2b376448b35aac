import { tmpdir } from "node:os";
import path from "node:path";
import type { ProductPorts } from "./product-processes";

/**
 * Ports of the durable suite (playwright.durable.config.ts), which starts and kills the
 * product itself: apart from the main suite's (3300, 4300–4302), the cluster suite's
 * (3310–3311, 4310–4314, 6390), the LAN suite's (3320, 3453, 4320–4322) and `npm start`'s.
 */
export const DURABLE_PORTS: ProductPorts = { web: 3330, hub: 4330, agent: 4331, demoTools: 4332 };

export const DURABLE_WEB_URL = `http://localhost:${DURABLE_PORTS.web}`;

/** The durable suite's data and logs: emptied when the suite starts the product. */
export const DURABLE_DIR = path.join(tmpdir(), "inquiry-hub-e2e-durable");
