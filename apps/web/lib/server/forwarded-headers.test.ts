import { describe, expect, it } from "vitest";
import { addressedHosts, clientAddress, isSecureRequest, requestHosts } from "./forwarded-headers";
import type { ProxyTrust } from "./forwarded-headers";

const DIRECT: ProxyTrust = { proxyHops: 0, publicUrl: undefined };
const ONE_PROXY: ProxyTrust = { proxyHops: 1, publicUrl: undefined };

describe("clientAddress", () => {
  it("reached directly: the address next start filled in from the socket", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "192.0.2.10" }), DIRECT)).toBe(
      "192.0.2.10",
    );
  });

  it("behind one proxy: the entry that proxy appended, never the client's own entries", () => {
    const headers = new Headers({ "x-forwarded-for": "10.0.0.1, 127.0.0.1, 198.51.100.4" });
    expect(clientAddress(headers, ONE_PROXY)).toBe("198.51.100.4");
    expect(clientAddress(headers, { ...ONE_PROXY, proxyHops: 2 })).toBe("127.0.0.1");
  });

  it("a proxy that overwrites leaves one entry, taken as is", () => {
    const headers = new Headers({ "x-forwarded-for": "198.51.100.4" });
    expect(clientAddress(headers, { ...ONE_PROXY, proxyHops: 2 })).toBe("198.51.100.4");
  });

  it("no header, or an entry that is not an IP address: unknown", () => {
    expect(clientAddress(new Headers(), DIRECT)).toBeUndefined();
    expect(
      clientAddress(new Headers({ "x-forwarded-for": "evil, <script>" }), ONE_PROXY),
    ).toBeUndefined();
  });

  it("keeps IPv6 and IPv4-mapped addresses", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "::ffff:127.0.0.1" }), DIRECT)).toBe(
      "::ffff:127.0.0.1",
    );
  });
});

describe("isSecureRequest", () => {
  it("finding 15: Secure behind a trusted TLS proxy", () => {
    expect(isSecureRequest(new Headers({ "x-forwarded-proto": "https" }), ONE_PROXY)).toBe(true);
    expect(isSecureRequest(new Headers({ "x-forwarded-proto": "http" }), ONE_PROXY)).toBe(false);
  });

  it("reached directly, a client's X-Forwarded-Proto is not believed", () => {
    expect(isSecureRequest(new Headers({ "x-forwarded-proto": "https" }), DIRECT)).toBe(false);
  });

  it("the configured public URL decides when set", () => {
    const trust = { proxyHops: 0, publicUrl: new URL("https://inquiry.example") };
    expect(isSecureRequest(new Headers({ "x-forwarded-proto": "http" }), trust)).toBe(true);
  });
});

describe("requestHosts", () => {
  it("adds X-Forwarded-Host only from a trusted proxy", () => {
    const headers = new Headers({ host: "127.0.0.1:3000", "x-forwarded-host": "Chat.Example" });
    expect(requestHosts(headers, DIRECT)).toEqual(["127.0.0.1:3000"]);
    expect(requestHosts(headers, ONE_PROXY)).toEqual(["127.0.0.1:3000", "chat.example"]);
  });

  it("adds the public URL's host", () => {
    const trust = { proxyHops: 0, publicUrl: new URL("https://inquiry.example:8443") };
    expect(requestHosts(new Headers({ host: "10.0.0.5:3000" }), trust)).toEqual([
      "10.0.0.5:3000",
      "inquiry.example:8443",
    ]);
  });
});

describe("addressedHosts", () => {
  it("is what the browser addressed: never the public URL's host", () => {
    const trust = { proxyHops: 1, publicUrl: new URL("https://phone-host.test:3443") };
    const headers = new Headers({ host: "127.0.0.1:3000", "x-forwarded-host": "Localhost:3000" });
    expect(addressedHosts(headers, trust)).toEqual(["127.0.0.1:3000", "localhost:3000"]);
  });
});
