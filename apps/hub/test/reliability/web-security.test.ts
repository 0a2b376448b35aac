import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HUB_CONFIG } from "../../src/index";
import { startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { socketHandshake } from "../support/socket-handshake";
import { RAW_INITIALIZE_REQUEST as INITIALIZE } from "../helpers";
import { report } from "./scale";

const ALLOWED = DEFAULT_HUB_CONFIG.corsOrigins[0] as string;
const HOSTILE = ["https://evil.example", "null", "http://localhost:3000.evil.example"];

/**
 * Browser-facing defences of the hub: DNS-rebinding protection (Origin and Host) on both MCP
 * endpoints, the Socket.IO origin allowlist on the websocket handshake, and security headers.
 */
describe("hub web security", () => {
  let harness: ProxyHarness;
  let token: string;

  beforeAll(async () => {
    harness = await startProxyHarness({ get_weather: false });
    token = await harness.registerUser();
  });
  afterAll(async () => {
    await harness.close();
  });

  function postMcp(path: string, headers: Record<string, string>): Promise<Response> {
    return fetch(new URL(path, harness.hubUrl), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
        ...headers,
      },
      body: JSON.stringify(INITIALIZE),
    });
  }

  /** fetch cannot set Host, so a rebound request (Host: attacker's name) goes by node:http. */
  function statusWithHost(path: string, host: string): Promise<number | undefined> {
    return new Promise((resolve, reject) => {
      const outgoing = request(new URL(path, harness.hubUrl), {
        method: "POST",
        headers: {
          host,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${token}`,
        },
      });
      outgoing.once("response", (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      outgoing.once("error", reject);
      outgoing.end(JSON.stringify(INITIALIZE));
    });
  }

  it("refuses a hostile Origin or Host on /mcp and /proxy/demo/mcp with 403", async () => {
    let refused = 0;
    for (const path of ["/mcp", "/proxy/demo/mcp"]) {
      for (const origin of HOSTILE) {
        const response = await postMcp(path, { origin });
        expect(response.status, `${path} Origin ${origin}`).toBe(403);
        refused += 1;
      }
      expect(await statusWithHost(path, "attacker.example"), `${path} Host`).toBe(403);
      refused += 1;
      const allowed = await postMcp(path, { origin: ALLOWED });
      expect(allowed.status, `${path} Origin ${ALLOWED}`).toBe(200);
      await allowed.body?.cancel();
    }
    report(
      `web security ${refused} rebinding requests to the MCP endpoints, ${refused} refused 403`,
    );
  });

  it("refuses a websocket handshake from a non-allowlisted Origin", async () => {
    const outcome = (origin: string): Promise<string> =>
      socketHandshake(harness.hubUrl, token, origin);
    for (const origin of HOSTILE) expect(await outcome(origin), origin).toBe("refused");
    expect(await outcome(ALLOWED)).toBe("connected");
    report(`web security ${HOSTILE.length} hostile-origin websocket handshakes, all refused`);
  });

  it("sends nosniff, frame-ancestors 'none' and no-referrer on every response", async () => {
    for (const path of ["/api/health", "/api/nowhere", "/api/devices"]) {
      const response = await fetch(new URL(path, harness.hubUrl));
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      await response.body?.cancel();
    }
  });
});
