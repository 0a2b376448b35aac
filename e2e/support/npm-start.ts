import { connect } from "node:net";
import path from "node:path";
import { REPO_ROOT, writeProxyConfig } from "./app-services";
import { QUIET_ENV } from "./browser";
import { spawnGroup, waitFor } from "./process-group";
import type { ProductPorts } from "./product-processes";

/**
 * Ports of the product `npm start` runs for the durable part, apart from every other
 * product's (see ports.ts) and from `npm start`'s defaults, so a developer's product is safe.
 */
export const NPM_START_PORTS: ProductPorts = { web: 3340, hub: 4340, agent: 4341, demoTools: 4342 };

/** `npm start`'s builds are cache hits: global-setup.ts made them (support/start-build.ts). */
const START_MS = 120_000;
/** A graceful stop of every service: their own shutdowns are bounded well below this. */
const STOP_MS = 30_000;

/** `npm start` as a terminal runs it, in its own process group. */
export interface NpmStart {
  readonly hubUrl: string;
  readonly agentUrl: string;
  /** Resolves once the web, the hub, the agent and demo-tools all answer. */
  ready(): Promise<void>;
  /**
   * Ctrl-C: SIGINT to the whole process group, as a terminal sends it, then waits until the
   * group is gone and no service listens any more.
   */
  interrupt(): Promise<void>;
}

/** The environment of every service: their ports, their links and one data directory. */
function productEnv(ports: ProductPorts, dataDir: string): NodeJS.ProcessEnv {
  const hubUrl = `http://127.0.0.1:${ports.hub}`;
  const webUrl = `http://localhost:${ports.web}`;
  return {
    ...process.env,
    ...QUIET_ENV,
    INQUIRY_HUB_DATA_DIR: dataDir,
    PORT: String(ports.web),
    HUB_PORT: String(ports.hub),
    AGENT_PORT: String(ports.agent),
    DEMO_TOOLS_PORT: String(ports.demoTools),
    HUB_CORS_ORIGINS: webUrl,
    HUB_WEB_PUBLIC_URL: webUrl,
    PROXY_CONFIG_PATH: writeProxyConfig(dataDir, ports.demoTools),
    HUB_MCP_URL: `${hubUrl}/mcp`,
    DEMO_TOOLS_MCP_URL: `${hubUrl}/proxy/demo/mcp`,
    AGENT_URL: `http://127.0.0.1:${ports.agent}`,
    HUB_URL: hubUrl,
    HUB_PUBLIC_URL: hubUrl,
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );
}

/**
 * Runs `npm start` at the repository root with every service on `ports` and its state in
 * `dataDir`; output goes to `<dataDir>/npm-start-<n>.log`. `round` names the log.
 */
export function npmStart(ports: ProductPorts, dataDir: string, round: number): NpmStart {
  const group = spawnGroup("npm", ["start"], {
    cwd: REPO_ROOT,
    env: productEnv(ports, dataDir),
    logFile: path.join(dataDir, `npm-start-${round}.log`),
  });
  const urls = [
    `http://localhost:${ports.web}/login`,
    `http://127.0.0.1:${ports.hub}/api/health`,
    `http://127.0.0.1:${ports.agent}/health`,
    `http://127.0.0.1:${ports.demoTools}/health`,
  ];
  return {
    hubUrl: `http://127.0.0.1:${ports.hub}`,
    agentUrl: `http://127.0.0.1:${ports.agent}`,
    async ready() {
      for (const url of urls) {
        await waitFor(
          `npm start: ${url} did not answer`,
          async () => {
            const exitCode = group.exitCode();
            if (exitCode !== null) throw new Error(`npm start exited (${exitCode})`);
            return answers(url);
          },
          START_MS,
        );
      }
    },
    async interrupt() {
      group.signal("SIGINT");
      if (!(await group.gone(STOP_MS)))
        throw new Error(`npm start's processes did not exit within ${STOP_MS} ms`);
      for (const port of [ports.web, ports.hub, ports.agent, ports.demoTools]) {
        await waitFor(
          `port ${port} is still served`,
          async () => !(await listening(port)),
          STOP_MS,
        );
      }
    },
  };
}
