import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The demo-tools sandbox of the suite: a fixed folder (the config and the tests run in
 * different processes, so it cannot be a fresh temp dir), emptied of a test's file by the
 * test itself.
 */
export const E2E_SANDBOX_DIR = path.join(tmpdir(), "inquiry-hub-e2e-sandbox");

/** The approval proxy's configuration for the suite: config/proxy.example.json on e2e ports. */
export const E2E_PROXY_CONFIG = fileURLToPath(
  new URL("../../config/proxy.e2e.json", import.meta.url),
);
