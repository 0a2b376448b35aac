import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "./mcp-origin";

const CONFIGURED = new Set(["http://localhost:3000", "https://phone-host.test:3443"]);

describe("isAllowedOrigin", () => {
  it("admits the configured origins whatever the Host", () => {
    expect(isAllowedOrigin("http://localhost:3000", "127.0.0.1:4000", CONFIGURED)).toBe(true);
    expect(isAllowedOrigin("https://phone-host.test:3443", "10.0.0.5:4000", CONFIGURED)).toBe(true);
  });

  it("admits the hub's own loopback origin: the host and port the request was sent to", () => {
    for (const host of ["localhost:4000", "127.0.0.1:4000", "[::1]:4000", "LOCALHOST:4000"])
      expect(isAllowedOrigin(`http://${host.toLowerCase()}`, host, CONFIGURED)).toBe(true);
    expect(isAllowedOrigin("https://localhost:4443", "localhost:4443", CONFIGURED)).toBe(true);
  });

  it("refuses DNS rebinding: the attacker's name in both Origin and Host", () => {
    expect(isAllowedOrigin("http://evil.example:4000", "evil.example:4000", CONFIGURED)).toBe(
      false,
    );
    expect(isAllowedOrigin("http://evil.example", "evil.example", CONFIGURED)).toBe(false);
  });

  it("refuses other loopback origins, foreign origins, null and look-alikes", () => {
    const refused: [string, string | undefined][] = [
      ["http://localhost:5555", "localhost:4000"],
      ["http://localhost:4000", "127.0.0.1:4000"],
      ["http://evil.example", "localhost:4000"],
      ["null", "localhost:4000"],
      ["http://localhost:4000", undefined],
      ["http://localhost:4000/", "localhost:4000"],
      ["http://user@localhost:4000", "localhost:4000"],
      ["ws://localhost:4000", "localhost:4000"],
      ["http://localhost.evil.example:4000", "localhost.evil.example:4000"],
    ];
    for (const [origin, host] of refused)
      expect(isAllowedOrigin(origin, host, CONFIGURED), `${origin} via ${host}`).toBe(false);
  });
});
