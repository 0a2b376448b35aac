import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects, both in Node, `@/` resolving as in tsconfig.json so tests import modules the
 * way the app does:
 *
 * - `unit` (`*.test.ts`): the pure modules (stream reading, countdown, origin checks, i18n) and
 *   the server modules (env, route handlers). They run on the server side of the app, so they
 *   resolve packages the way Next resolves them for server code: with the `react-server`
 *   export condition. That is what lets a module marked `import "server-only"` load here,
 *   exactly as in a route handler, while a client bundle that reached it would still fail.
 *   `server-only` is inlined so Vite, not Node, resolves it and applies that condition.
 * - `components` (`*.test.tsx`): client components rendered to markup with react-dom/server,
 *   which the `react-server` condition forbids, so this project resolves as a client does.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        ssr: { resolve: { conditions: ["react-server"] } },
        test: {
          name: "unit",
          environment: "node",
          include: ["features/**/*.test.ts", "lib/**/*.test.ts"],
          server: { deps: { inline: ["server-only"] } },
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          environment: "node",
          include: ["features/**/*.test.tsx"],
        },
      },
    ],
  },
});
