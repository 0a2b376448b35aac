import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { renderHaproxyConfig } from "@inquiry-hub/test-kit";
import type { HaproxyServer } from "@inquiry-hub/test-kit";
import type { Service } from "./service";

/** The longest client deadline a session may ask for (the hub's MAX_TIMEOUT_SECONDS). */
const LONGEST_CLIENT_DEADLINE_SECONDS = 86_400;

/**
 * Writes `<state>/haproxy/haproxy.cfg` (`state`: the cluster's folder in the data directory)
 * from the config the HAProxy tests run (test-kit's renderHaproxyConfig), checks it with `haproxy -c`, and returns HAProxy as a foreground
 * service. Its operator-level stats socket is `<state>/haproxy/stats.sock`
 * (`echo "show stat" | socat - <state>/haproxy/stats.sock`).
 */
export function haproxyService(
  root: string,
  options: { port: number; servers: HaproxyServer[]; timeoutGraceSeconds: number },
): Service {
  const dir = `${root}/haproxy`;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const configFile = `${dir}/haproxy.cfg`;
  writeFileSync(
    configFile,
    renderHaproxyConfig({
      listen: { host: "127.0.0.1", port: options.port },
      servers: options.servers,
      longestHoldSeconds: LONGEST_CLIENT_DEADLINE_SECONDS + options.timeoutGraceSeconds,
      statsSocketPath: `${dir}/stats.sock`,
      // The web server runs here and names the browser in X-Forwarded-For; keep what it says.
      trustedForwarders: ["127.0.0.1", "::1"],
    }),
  );
  execFileSync("haproxy", ["-c", "-q", "-f", configFile], { stdio: "inherit" });
  return { name: "haproxy", command: "haproxy", args: ["-db", "-f", configFile] };
}
