import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Unit tests for the pure modules (stream reading, countdown, origin checks, i18n) and the
 * server modules (env, route handlers): no DOM needed. `@/` resolves as in tsconfig.json, so
 * tests import modules the way the app does.
 *
 * The tests run on the server side of the app, so they resolve packages the way Next resolves
 * them for server code: with the `react-server` export condition. That is what lets a module
 * marked `import "server-only"` load here, exactly as in a route handler, while a client
 * bundle that reached it would still fail. `server-only` is inlined so Vite, not Node, resolves
 * it and applies that condition.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  ssr: { resolve: { conditions: ["react-server"] } },
  test: {
    environment: "node",
    include: ["features/**/*.test.ts", "lib/**/*.test.ts"],
    server: { deps: { inline: ["server-only"] } },
  },
});
