/**
 * `npm start`: the whole product on this computer (`turbo run start`), and with `--lan` (or
 * INQUIRY_HUB_LAN=1) reachable by phones on the same network:
 *
 *   phone ──https──▶ front door 0.0.0.0:3443 ─┬─ /socket.io/ ─▶ hub  127.0.0.1:4000
 *            (one-cert CA, <data dir>/tls)     └─ the rest ────▶ web  127.0.0.1:3000
 *
 * LAN mode sets PUBLIC_URL (https://<LAN address>:3443, or LAN_HOST) for the apps, so the
 * pairing QR, the origin allow-lists and the cookies follow it; keeps the web on loopback
 * (WEB_HOST) behind one trusted hop (WEB_TRUSTED_PROXY_HOPS=1); closes registration after
 * the first account (HUB_REGISTRATION=first-account); and prints the URL, a QR code and the
 * certificate's fingerprint once the product answers. Ctrl-C stops everything.
 *
 * turbo runs in loose env mode, so the variables docs/guide/getting-started.md documents
 * (`OPENAI_API_KEY=… npm start`) reach the apps: turbo's default strict mode would drop every
 * undeclared one.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createGateway, ensureLanCertificate } from "@inquiry-hub/gateway";
import type { Gateway } from "@inquiry-hub/gateway";
import { adoptCheckoutState, createLogger, ensurePrivateFolder } from "@inquiry-hub/logging";
import { lanBanner } from "./lan/banner";
import { readLanSettings } from "./lan/lan-settings";
import type { LanSettings } from "./lan/lan-settings";
import { waitUntilUp } from "./lan/wait-until-up";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const logger = createLogger({ service: "start" });
/** The first start builds the web app before serving it. */
const STARTUP_TIMEOUT_MS = 15 * 60 * 1000;

/** The apps' environment in LAN mode. */
function lanEnv(settings: LanSettings): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PUBLIC_URL: settings.publicUrl,
    WEB_HOST: "127.0.0.1",
    WEB_TRUSTED_PROXY_HOPS: "1",
    // Anyone on the Wi-Fi reaches the sign-up page: the first account is the person's own.
    HUB_REGISTRATION: "first-account",
  };
}

/**
 * Starts the front door (before the apps, so a taken port fails fast) and its banner. The
 * certificate folder is owner-only, and a checkout's old `.data/tls` moves there first, so no
 * signing key stays in the repository.
 */
async function startFrontDoor(settings: LanSettings): Promise<Gateway> {
  adoptCheckoutState({ entry: "tls", checkout: ROOT, target: settings.tlsDir, logger });
  ensurePrivateFolder(settings.tlsDir);
  const certificate = await ensureLanCertificate({ dir: settings.tlsDir, host: settings.host });
  const gateway = await createGateway({
    webUrl: settings.webUrl,
    hubUrl: settings.hubUrl,
    cert: certificate.cert,
    key: certificate.key,
    authority: certificate.authority,
    limits: settings.limits,
    host: "0.0.0.0",
    port: settings.port,
  });
  const ready = [`${settings.webUrl}/login`, `${settings.hubUrl}/api/health`];
  void waitUntilUp(ready, STARTUP_TIMEOUT_MS).then(async (down) => {
    if (down.length > 0) console.error(`LAN mode: still not answering: ${down.join(", ")}`);
    else console.log(await lanBanner(settings, certificate));
  });
  return gateway;
}

/** The front door in LAN mode, undefined otherwise; exits naming the problem when it cannot. */
async function frontDoorIfLan(): Promise<{ settings: LanSettings; gateway: Gateway } | undefined> {
  try {
    const settings = readLanSettings(process.argv.slice(2), process.env);
    if (settings === undefined) return undefined;
    return { settings, gateway: await startFrontDoor(settings) };
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** Starts the front door in LAN mode, then the apps; stops both together. */
async function main(): Promise<void> {
  const lan = await frontDoorIfLan();
  const turbo = spawn("npx", ["turbo", "run", "start", "--env-mode=loose"], {
    cwd: ROOT,
    env: lan === undefined ? process.env : lanEnv(lan.settings),
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      turbo.kill(signal);
      void lan?.gateway.close();
    });
  turbo.once("exit", (code, signal) => {
    const exitCode = code ?? (signal === null ? 0 : 1);
    void Promise.resolve(lan?.gateway.close()).finally(() => process.exit(exitCode));
  });
}

void main();
