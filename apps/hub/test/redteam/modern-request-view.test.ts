import { request } from "node:http";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { MODERN_PROTOCOL_VERSION } from "../support/modern-mcp-client";

/** A 2026-07-28 tools/list as the SDK's client writes it, headers and envelope included. */
function toolsList(token: string): { headers: Record<string, string>; body: string } {
  return {
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
      "mcp-protocol-version": MODERN_PROTOCOL_VERSION,
      "mcp-method": "tools/list",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: {
        _meta: {
          [PROTOCOL_VERSION_META_KEY]: MODERN_PROTOCOL_VERSION,
          [CLIENT_INFO_META_KEY]: { name: "red-team", version: "1.0.0" },
          [CLIENT_CAPABILITIES_META_KEY]: {},
        },
      },
    }),
  };
}

/** Posts by hand (fetch will not send a Host header of the caller's choosing). */
function post(
  url: URL,
  sent: { headers: Record<string, string>; body: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: sent.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(sent.body);
  });
}

/**
 * The 2026-07-28 leg of `/mcp` hands the SDK a web Request built from the Node one, and the
 * per-request server reads the `?timeout=…` options from its URL. A hub bound beyond loopback
 * checks no Host header (the DNS-rebinding check is for loopback), so the Host is the
 * caller's to write: it must not decide the URL those options are read from.
 */
describe("red team: the URL a 2026-07-28 request is served from", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  it("a Host header forging ?timeout= is not read: the request is served as its URL says", async () => {
    hub = await startTestHub({ host: "0.0.0.0" });
    const { token } = await hub.registerUser("host-forger");
    const sent = toolsList(token);
    const forged = await post(new URL("/mcp", hub.url), {
      ...sent,
      headers: { ...sent.headers, host: "forged?timeout=not-a-number#" },
    });
    expect(forged.status).toBe(200);
    expect(forged.body).toContain("send_inquiry");
  });

  it("a bad ?timeout= in the request's own URL is still the caller's 400", async () => {
    hub = await startTestHub({ host: "0.0.0.0" });
    const { token } = await hub.registerUser("bad-query");
    const refused = await post(new URL("/mcp?timeout=not-a-number", hub.url), toolsList(token));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatch(/timeout/i);
  });
});
