import { defineConfig } from "vitest/config";

/**
 * `unit` (`src/**`): the LAN certificate on disk, in-process. `integration` (`test/**`): the
 * gateway, its TLS front door and a stand-in hub and web on loopback ports. Each file closes
 * what it listens on, so files share a worker instead of paying a fresh one each.
 */
export default defineConfig({
  test: {
    isolate: false,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      { extends: true, test: { name: "integration", include: ["test/**/*.test.ts"] } },
    ],
  },
});
