import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_WEBHOOK_SECRET } from "./channels";
import { E2E_PORTS } from "./ports";
import { productProcesses } from "./product-processes";
import type { ProductProcesses } from "./product-processes";

/** The main product's stores, generated secrets, proxy config and logs: emptied when it starts. */
const MAIN_DIR = path.join(tmpdir(), "inquiry-hub-e2e-main");

/**
 * The single-hub product of the `main` part (ports.ts), from empty embedded stores, its hub
 * set up for what those tests drive through it.
 */
export function mainProduct(): ProductProcesses {
  return productProcesses(E2E_PORTS, MAIN_DIR, {
    hub: {
      HUB_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      HUB_WEBHOOK_RETRY_BASE_SECONDS: "0.2",
      // The suite's webhook and push receivers listen on loopback.
      HUB_WEBHOOK_ALLOW_PRIVATE: "1",
      HUB_PUSH_ALLOW_PRIVATE: "1",
      // untrusted-content.spec.ts holds a page of 100 hostile questions from one session;
      // the per-credential caps themselves are proven by the hub's red-team suite.
      HUB_PENDING_INQUIRIES_PER_USER: "101",
      HUB_PENDING_INQUIRIES_PER_CREDENTIAL: "100",
      HUB_HELD_CALLS_PER_USER: "101",
      HUB_HELD_CALLS_PER_CREDENTIAL: "100",
    },
  });
}
