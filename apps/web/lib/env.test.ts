import { afterEach, describe, expect, it, vi } from "vitest";
import type { readEnv as ReadEnv } from "./env";

/** A fresh copy of the module, so each test parses the environment it stubbed. */
async function freshReadEnv(): Promise<typeof ReadEnv> {
  vi.resetModules();
  return (await import("./env")).readEnv;
}

describe("readEnv and PUBLIC_URL", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is unset by default", async () => {
    vi.stubEnv("PUBLIC_URL", "");
    expect((await freshReadEnv())().PUBLIC_URL).toBeUndefined();
  });

  it("parses to the origin", async () => {
    vi.stubEnv("PUBLIC_URL", "https://phone-host.test:3443/");
    expect((await freshReadEnv())().PUBLIC_URL).toBe("https://phone-host.test:3443");
  });

  it("refuses a path, a query or another scheme, naming the variable", async () => {
    for (const bad of [
      "https://phone-host.test:3443/inbox",
      "https://phone-host.test/?x=1",
      "ftp://phone-host.test",
      "phone-host.test:3443",
    ]) {
      vi.stubEnv("PUBLIC_URL", bad);
      const readEnv = await freshReadEnv();
      expect(() => readEnv(), bad).toThrow(/^invalid web configuration: PUBLIC_URL: must be/);
    }
  });
});
