import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";

const BASE = { nonce: "bm9uY2U=", hubOrigin: "https://hub.example:4000", dev: false };

/** The value of one directive, e.g. "'self' 'nonce-…'" for script-src. */
function directive(policy: string, name: string): string | undefined {
  const found = policy.split("; ").find((part) => part.startsWith(`${name} `));
  return found?.slice(name.length + 1);
}

describe("contentSecurityPolicy", () => {
  it("runs scripts only by nonce, never inline or eval outside dev", () => {
    const policy = contentSecurityPolicy({ ...BASE, inlineStyles: false });
    expect(directive(policy, "script-src")).toBe("'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(directive(policy, "frame-ancestors")).toBe("'none'");
    expect(directive(policy, "object-src")).toBe("'none'");
    expect(directive(policy, "connect-src")).toBe(
      "'self' https://hub.example:4000 wss://hub.example:4000",
    );
  });

  it("allows inline <style> only with the nonce or when asked, and never inline scripts", () => {
    const strict = contentSecurityPolicy({ ...BASE, inlineStyles: false });
    const offline = contentSecurityPolicy({ ...BASE, inlineStyles: true });
    expect(directive(strict, "style-src")).toBe("'self' 'nonce-bm9uY2U='");
    expect(directive(strict, "style-src-attr")).toBe("'unsafe-inline'");
    expect(directive(offline, "style-src")).toBe("'self' 'unsafe-inline'");
    expect(directive(offline, "script-src")).not.toContain("'unsafe-inline'");
  });

  it("adds 'unsafe-eval' for the dev server's hot reload only", () => {
    const policy = contentSecurityPolicy({ ...BASE, dev: true, inlineStyles: true });
    expect(directive(policy, "script-src")).toContain("'unsafe-eval'");
  });
});
