import { describe, expect, it } from "vitest";
import type { ProxyTrust } from "./forwarded-headers";
import { isForeignOrigin } from "./same-origin";

const DIRECT: ProxyTrust = { proxyHops: 0, publicUrl: undefined };
const BEHIND_PROXY: ProxyTrust = { proxyHops: 1, publicUrl: undefined };

function headers(values: Record<string, string>): Headers {
  return new Headers(values);
}

describe("isForeignOrigin", () => {
  it("lets requests without Origin through", () => {
    expect(isForeignOrigin(headers({ host: "localhost:3000" }), DIRECT)).toBe(false);
  });

  it("accepts the request's own origin", () => {
    expect(
      isForeignOrigin(headers({ host: "localhost:3000", origin: "http://localhost:3000" })),
    ).toBe(false);
  });

  it("accepts the forwarded host of a trusted reverse proxy", () => {
    expect(
      isForeignOrigin(
        headers({
          host: "127.0.0.1:3000",
          "x-forwarded-host": "chat.example.com",
          origin: "https://chat.example.com",
        }),
        BEHIND_PROXY,
      ),
    ).toBe(false);
  });

  it("finding 15: a forged X-Forwarded-Host does not pass the Origin check", () => {
    const forged = headers({
      host: "localhost:3000",
      "x-forwarded-host": "evil.test",
      origin: "http://evil.test",
    });
    expect(isForeignOrigin(forged, DIRECT)).toBe(true);
    // Behind a proxy that appends, only the proxy's own entry counts, not the client's.
    forged.set("x-forwarded-host", "evil.test, chat.example.com");
    expect(isForeignOrigin(forged, BEHIND_PROXY)).toBe(true);
  });

  it("accepts the configured public origin", () => {
    const trust = { proxyHops: 0, publicUrl: new URL("https://chat.example.com") };
    expect(
      isForeignOrigin(
        headers({ host: "127.0.0.1:3000", origin: "https://chat.example.com" }),
        trust,
      ),
    ).toBe(false);
  });

  it("refuses another origin, another port, and the opaque origin", () => {
    expect(isForeignOrigin(headers({ host: "localhost:3000", origin: "http://evil.test" }))).toBe(
      true,
    );
    expect(
      isForeignOrigin(headers({ host: "localhost:3000", origin: "http://localhost:3001" })),
    ).toBe(true);
    expect(isForeignOrigin(headers({ host: "localhost:3000", origin: "null" }))).toBe(true);
  });
});
