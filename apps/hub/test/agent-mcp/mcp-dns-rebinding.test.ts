import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAW_INITIALIZE_REQUEST, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

/**
 * Sends `initialize` to the hub's `/mcp` with the given `Host` and `Origin` headers, as a
 * browser would after resolving the name in `Host` to the hub's address. `fetch` cannot set
 * `Host`, hence node:http. Resolves with the status.
 */
function initializeAs(hub: TestHub, token: string, host: string, origin: string): Promise<number> {
  const body = JSON.stringify(RAW_INITIALIZE_REQUEST);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname: hub.url.hostname,
        port: hub.url.port,
        path: "/mcp",
        method: "POST",
        headers: {
          host,
          origin,
          authorization: `Bearer ${token}`,
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.once("error", reject);
    sent.end(body);
  });
}

describe("/mcp against DNS rebinding (hub on loopback)", () => {
  let hub: TestHub;
  let token: string;
  let port: string;

  beforeAll(async () => {
    hub = await startTestHub();
    ({ token } = await hub.registerUser("rebinding"));
    port = hub.url.port;
  });
  afterAll(() => hub.close());

  it("refuses a page of a rebound name, whose name is in both Host and Origin", async () => {
    expect(
      await initializeAs(hub, token, `evil.example:${port}`, `http://evil.example:${port}`),
    ).toBe(403);
  });

  it("refuses a foreign Origin sent to the hub's own loopback Host", async () => {
    expect(await initializeAs(hub, token, `127.0.0.1:${port}`, "http://evil.example")).toBe(403);
    expect(await initializeAs(hub, token, `localhost:${port}`, "http://localhost:1")).toBe(403);
  });

  it("admits the hub's own origin and the configured web app's origin", async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`])
      expect(await initializeAs(hub, token, host, `http://${host}`)).toBe(200);
    expect(await initializeAs(hub, token, `127.0.0.1:${port}`, "http://localhost:3000")).toBe(200);
  });
});
