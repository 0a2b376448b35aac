import { X509Certificate, createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { request } from "node:https";
import path from "node:path";
import { ensureLanCertificate } from "@inquiry-hub/gateway";
import { REPO_ROOT, writeProxyConfig } from "./app-services";
import { QUIET_ENV } from "./browser";
import {
  LAN_DESKTOP_URL,
  LAN_HOST,
  LAN_HUB_URL,
  LAN_PORTS,
  LAN_PUBLIC_URL,
  LAN_SUITE_DIR,
} from "./lan-ports";
import { spawnGroup, waitFor } from "./process-group";
import { E2E_SANDBOX_DIR } from "./sandbox";

const TLS_DIR = path.join(LAN_SUITE_DIR, "tls");

/** The launcher's builds are cache hits: global-setup.ts made them (support/start-build.ts). */
const STARTUP_MS = 120_000;
/** The launcher's graceful stop; past it the group is killed. */
const STOP_MS = 20_000;

/**
 * The hash of the public key LAN mode will serve, made here first (the launcher reuses the
 * certificate: same folder, same host), so Chromium can be told to trust it as a person trusts
 * it on their phone. Chromium refuses service workers on a page with a certificate error, which
 * Playwright's `ignoreHTTPSErrors` alone leaves; `--ignore-certificate-errors-spki-list`
 * trusts this key only.
 */
export async function lanTrustedKeyHash(): Promise<string> {
  const { cert } = await ensureLanCertificate({ dir: TLS_DIR, host: LAN_HOST });
  const spki = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(spki).digest("base64");
}

/** The LAN product as the suite runs it; `stop` ends the launcher and every app it started. */
export interface LanProduct {
  stop(): Promise<void>;
}

/** The launcher's environment: this suite's ports, links, folders and a fresh demo-tools token. */
function launcherEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...QUIET_ENV,
    LAN_HOST,
    LAN_PORT: String(LAN_PORTS.frontDoor),
    LAN_TLS_DIR: TLS_DIR,
    PORT: String(LAN_PORTS.web),
    HUB_PORT: String(LAN_PORTS.hub),
    AGENT_PORT: String(LAN_PORTS.agent),
    DEMO_TOOLS_PORT: String(LAN_PORTS.demoTools),
    HUB_URL: LAN_HUB_URL,
    AGENT_URL: `http://127.0.0.1:${LAN_PORTS.agent}`,
    HUB_MCP_URL: `${LAN_HUB_URL}/mcp`,
    DEMO_TOOLS_MCP_URL: `${LAN_HUB_URL}/proxy/demo/mcp`,
    // The desktop's origin on this suite's port, and the phone's: what LAN mode's PUBLIC_URL
    // must be part of, or the hub refuses to start.
    HUB_CORS_ORIGINS: `${LAN_DESKTOP_URL},${LAN_PUBLIC_URL}`,
    HUB_DATA_DIR: path.join(LAN_SUITE_DIR, "hub-data"),
    // The agent's runs and anything else unplaced stay in the suite's folder.
    INQUIRY_HUB_DATA_DIR: path.join(LAN_SUITE_DIR, "state"),
    PROXY_CONFIG_PATH: writeProxyConfig(LAN_SUITE_DIR, LAN_PORTS.demoTools),
    DEMO_TOOLS_TOKEN: randomBytes(32).toString("base64url"),
    DEMO_TOOLS_SANDBOX_DIR: E2E_SANDBOX_DIR,
    // The timeout chain: the agent's MCP timeout must outlast the hub's 120 s + 30 s.
    HUB_TIMEOUT_GRACE_SECONDS: "30",
    AGENT_MCP_TIMEOUT_SECONDS: "180",
    // The suite's push receiver listens on loopback.
    HUB_PUSH_ALLOW_PRIVATE: "1",
  };
}

/**
 * Whether the front door answers 200 for the login page: it does only once the web behind it
 * does. Its certificate is the suite's own, so it is not checked here.
 */
function frontDoorAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request(
      `https://127.0.0.1:${LAN_PORTS.frontDoor}/login`,
      { rejectUnauthorized: false, timeout: 2_000 },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    probe.on("timeout", () => probe.destroy());
    probe.on("error", () => resolve(false));
    probe.end();
  });
}

/**
 * Starts the product the way a person starts it for their phone, `npm start -- --lan`
 * (scripts/start.ts), with LAN_HOST a made-up name that Chromium resolves to 127.0.0.1, from
 * an empty hub store. Resolves once the front door serves the login page.
 */
export async function startLanProduct(): Promise<LanProduct> {
  rmSync(path.join(LAN_SUITE_DIR, "hub-data"), { recursive: true, force: true });
  mkdirSync(LAN_SUITE_DIR, { recursive: true });
  const launcher = spawnGroup("npx", ["tsx", "scripts/start.ts", "--lan"], {
    cwd: REPO_ROOT,
    env: launcherEnv(),
    logFile: path.join(LAN_SUITE_DIR, "launcher.log"),
  });
  // turbo runs each app in its own process group: SIGKILL to the launcher's group alone would
  // orphan them. SIGTERM lets the launcher and turbo stop them.
  const stop = async (): Promise<void> => {
    launcher.signal("SIGTERM");
    if (!(await launcher.gone(STOP_MS))) launcher.signal("SIGKILL");
  };
  try {
    await waitFor(
      "LAN mode: the front door did not serve /login",
      async () => {
        const exitCode = launcher.exitCode();
        if (exitCode !== null) throw new Error(`the LAN launcher exited (${exitCode})`);
        return frontDoorAnswers();
      },
      STARTUP_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
