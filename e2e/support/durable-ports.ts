import { tmpdir } from "node:os";
import path from "node:path";
import type { ProductPorts } from "./product-processes";

/**
 * Ports of the product the durable restarts start and kill themselves
 * (tests-durable/restarts.spec.ts), apart from every other product's (see ports.ts).
 */
export const DURABLE_PORTS: ProductPorts = { web: 3330, hub: 4330, agent: 4331, demoTools: 4332 };

export const DURABLE_WEB_URL = `http://localhost:${DURABLE_PORTS.web}`;

/** The durable suite's data and logs: emptied when the suite starts the product. */
export const DURABLE_DIR = path.join(tmpdir(), "inquiry-hub-e2e-durable");
