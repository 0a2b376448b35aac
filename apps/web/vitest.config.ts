import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";

/**
 * Four projects, all in Node, `@/` resolving as in tsconfig.json so tests import modules the
 * way the app does:
 *
 * - `unit` (`*.test.ts` in lib/): the shared and server modules (origin checks, i18n, env,
 *   route helpers). They run on the server side of the app, so they resolve packages the way
 *   Next resolves them for server code: with the `react-server` export condition. That is what
 *   lets a module marked `import "server-only"` load here, exactly as in a route handler, while
 *   a client bundle that reached it would still fail. `server-only` is inlined so Vite, not
 *   Node, resolves it and applies that condition.
 * - `features` (`*.test.ts` in features/): the features' pure modules (stream reading,
 *   countdown, the pending state). They are browser code and resolve as a client does: one
 *   feature reaches another through its index.ts, which brings that feature's components and
 *   providers along, and React's server build has no `createContext` for them.
 * - `components` (`*.test.tsx`): client components rendered to markup with react-dom/server,
 *   which the `react-server` condition forbids, so this project resolves as a client does.
 *   In-process like `unit`; `npm run test:unit` runs the three. Each file gets a fresh worker:
 *   their `vi.mock` of Next's modules must not reach another file.
 * - `integration` (`test/**`): route handlers against a stand-in hub listening on loopback,
 *   resolved as the server side, and the architecture tests (`test/architecture`), which read
 *   the code and lint made-up files with the repository's ESLint config.
 *
 * Files of `unit`, `features` and `integration` share a worker: those that stub the
 * environment or `fetch` undo it, and those that read the environment at import re-import.
 */
const serverSide = {
  ssr: { resolve: { conditions: ["react-server"] } },
  test: { environment: "node", server: { deps: { inline: ["server-only"] } } },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    isolate: false,
    projects: [
      {
        extends: true,
        ...serverSide,
        test: {
          ...serverSide.test,
          name: "unit",
          include: ["lib/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "features", environment: "node", include: ["features/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "components",
          environment: "node",
          include: ["features/**/*.test.tsx"],
          isolate: true,
        },
      },
      {
        extends: true,
        ...serverSide,
        test: {
          ...serverSide.test,
          name: "integration",
          include: ["test/**/*.test.ts"],
          // Compiling the route handlers beside the rest of `npm test` on two cores.
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
    ],
  },
});
