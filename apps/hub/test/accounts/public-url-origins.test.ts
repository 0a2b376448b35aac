import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { socketHandshake } from "../support/socket-handshake";

const PHONE = "https://phone-host.test:3443";

describe("PUBLIC_URL in the hub's configuration", () => {
  it("adds PUBLIC_URL's origin to the derived allow-list", () => {
    expect(loadConfig({ PUBLIC_URL: `${PHONE}/` }).corsOrigins).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      PHONE,
    ]);
  });

  it("refuses to start when HUB_CORS_ORIGINS lacks PUBLIC_URL's origin, naming both", () => {
    expect(() =>
      loadConfig({ PUBLIC_URL: PHONE, HUB_CORS_ORIGINS: "http://localhost:3000" }),
    ).toThrow(/HUB_CORS_ORIGINS lacks PUBLIC_URL's origin https:\/\/phone-host\.test:3443/);
    expect(
      loadConfig({ PUBLIC_URL: PHONE, HUB_CORS_ORIGINS: `http://localhost:3000, ${PHONE}` })
        .corsOrigins,
    ).toEqual(["http://localhost:3000", PHONE]);
  });

  it("refuses a malformed PUBLIC_URL, naming it", () => {
    expect(() => loadConfig({ PUBLIC_URL: `${PHONE}/inbox` })).toThrow(
      /PUBLIC_URL: must be an origin/,
    );
    expect(() => loadConfig({ PUBLIC_URL: "phone-host.test" })).toThrow(
      /PUBLIC_URL: must be an http/,
    );
  });

  it("links in channel messages default to PUBLIC_URL; HUB_WEB_PUBLIC_URL overrides it", () => {
    expect(loadConfig({}).webPublicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PUBLIC_URL: PHONE }).webPublicUrl).toBe(PHONE);
    expect(
      loadConfig({ PUBLIC_URL: PHONE, HUB_WEB_PUBLIC_URL: "https://links.example" }).webPublicUrl,
    ).toBe("https://links.example");
  });
});

/**
 * Each allow-list the hub derives from PUBLIC_URL, checked with a real request from a browser
 * at PUBLIC_URL: admitted by a hub configured with it, refused by one configured without it.
 */
describe("the allow-lists derived from PUBLIC_URL", () => {
  let withPublicUrl: TestHub;
  let withoutPublicUrl: TestHub;

  beforeAll(async () => {
    withPublicUrl = await startTestHub({ ...loadConfig({ PUBLIC_URL: PHONE }), port: 0 });
    withoutPublicUrl = await startTestHub({ ...loadConfig({}), port: 0 });
  });
  afterAll(async () => {
    await Promise.all([withPublicUrl.close(), withoutPublicUrl.close()]);
  });

  async function corsPreflight(testHub: TestHub): Promise<string | null> {
    const response = await fetch(new URL("/api/devices", testHub.url), {
      method: "OPTIONS",
      headers: {
        origin: PHONE,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    await response.body?.cancel();
    return response.headers.get("access-control-allow-origin");
  }

  async function mcpConnect(testHub: TestHub, token: string): Promise<"connected" | Error> {
    const client = new Client({ name: "phone-origin-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL("/mcp", testHub.url), {
      requestInit: { headers: { authorization: `Bearer ${token}`, origin: PHONE } },
    });
    try {
      await client.connect(transport);
      return "connected";
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    } finally {
      await client.close();
    }
  }

  it("CORS: a preflight from PUBLIC_URL's origin is answered for it only when it is set", async () => {
    expect(await corsPreflight(withPublicUrl)).toBe(PHONE);
    expect(await corsPreflight(withoutPublicUrl)).toBeNull();
  });

  it("Socket.IO: a handshake from PUBLIC_URL's origin is accepted only when it is set", async () => {
    const phone = await withPublicUrl.registerUser("phone");
    expect(await socketHandshake(withPublicUrl.url, phone.token, PHONE)).toBe("connected");
    const stranger = await withoutPublicUrl.registerUser("phone");
    expect(await socketHandshake(withoutPublicUrl.url, stranger.token, PHONE)).toBe("refused");
    expect(
      await socketHandshake(withoutPublicUrl.url, stranger.token, "http://localhost:3000"),
    ).toBe("connected");
  });

  it("/mcp: a session from PUBLIC_URL's origin opens only when it is set", async () => {
    const agent = await withPublicUrl.registerUser("agent");
    expect(await mcpConnect(withPublicUrl, agent.token)).toBe("connected");
    const stranger = await withoutPublicUrl.registerUser("agent");
    const refused = await mcpConnect(withoutPublicUrl, stranger.token);
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused)).toMatch(/403|not allowed/);
  });
});
