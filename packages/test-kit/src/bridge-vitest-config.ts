import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration, ViteUserConfig } from "vitest/config";

/** What a bridge adds to the shared config: its integration projects and any setup file. */
export interface BridgeVitestOptions {
  /**
   * The projects over `test/`: the bridge's framework against a real hub, and the same tests
   * on the oldest major of its peer range. Each extends the shared settings.
   */
  integration: TestProjectInlineConfiguration[];
  setupFiles?: string[];
}

/**
 * The vitest config of a framework bridge (packages/bridge-*): a `unit` project over `src/`,
 * in process, and the bridge's integration projects. Every integration file starts its own
 * hub and closes it, so the files share workers (`isolate: false`) instead of importing the
 * framework and the hub again each; the hub logs warnings only, and keeps its data in a temp
 * folder, never in the person's home.
 */
export function defineBridgeVitestConfig(options: BridgeVitestOptions): ViteUserConfig {
  return defineConfig({
    test: {
      setupFiles: options.setupFiles ?? [],
      testTimeout: 20_000,
      hookTimeout: 20_000,
      isolate: false,
      env: {
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data"),
      },
      projects: [
        { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
        ...options.integration.map((project) => ({ ...project, extends: true })),
      ],
    },
  });
}
