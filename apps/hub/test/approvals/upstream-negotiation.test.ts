import { afterEach, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { connectUpstream } from "../../src/features/approvals/upstream/upstream-connection";
import type { UpstreamConnection } from "../../src/features/approvals/proxy-policy";
import { startElicitingUpstream } from "../support/eliciting-upstream";
import { MODERN_UPSTREAM_TOKEN, startModernOnlyUpstream } from "../support/modern-only-upstream";
import { MODERN_PROTOCOL_VERSION } from "../support/modern-mcp-client";

function httpConnection(url: URL, authorization?: string): UpstreamConnection {
  return {
    kind: "http",
    url,
    headers:
      authorization === undefined ? {} : { authorization: { kind: "value", value: authorization } },
  };
}

describe("the proxy's upstream client speaks the generation the upstream serves", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.allSettled(cleanups.splice(0).map((cleanup) => cleanup()));
  });

  async function connected(name: string, connection: UpstreamConnection): Promise<Client> {
    const client = await connectUpstream(name, connection, 5000);
    cleanups.unshift(() => client.close());
    return client;
  }

  it("negotiates 2026-07-28 with an upstream that serves only that revision", async () => {
    const upstream = await startModernOnlyUpstream();
    cleanups.push(() => upstream.close());
    const client = await connected(
      "modern",
      httpConnection(upstream.url, `Bearer ${MODERN_UPSTREAM_TOKEN}`),
    );
    expect(client.getProtocolEra()).toBe("modern");
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_PROTOCOL_VERSION);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("book_table");
    expect(new Set(upstream.protocolVersions)).toEqual(new Set([MODERN_PROTOCOL_VERSION]));
  });

  it("falls back to the 2025 handshake and its session with a 2025-only upstream", async () => {
    const upstream = await startElicitingUpstream();
    cleanups.push(() => upstream.close());
    const client = await connected("bookings", httpConnection(upstream.url));
    expect(client.getProtocolEra()).toBe("legacy");
    expect(client.getNegotiatedProtocolVersion()).toMatch(/^2025-/);
    expect(client.transport).toHaveProperty("sessionId", expect.any(String));
  });

  it("names the upstream when it refuses the proxy's credentials", async () => {
    const upstream = await startModernOnlyUpstream();
    cleanups.push(() => upstream.close());
    await expect(connectUpstream("modern", httpConnection(upstream.url), 5000)).rejects.toThrow(
      /upstream "modern" is unreachable/,
    );
  });
});
