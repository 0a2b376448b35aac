import { afterEach, describe, expect, it, vi } from "vitest";
import { publicHubUrl } from "./hub-url";

const PUBLIC_URL = new URL("https://phone-host.test:3443");

describe("publicHubUrl", () => {
  it("prefers HUB_PUBLIC_URL, as an origin", () => {
    expect(
      publicHubUrl({
        hubUrl: "http://127.0.0.1:4000",
        hubPublicUrl: "https://hub.example.com/some/path",
        pageHosts: ["localhost:3000"],
      }),
    ).toBe("https://hub.example.com");
  });

  it("keeps the page's hostname with the hub's protocol and port", () => {
    expect(
      publicHubUrl({ hubUrl: "http://127.0.0.1:4000", pageHosts: ["192.168.1.20:3000"] }),
    ).toBe("http://192.168.1.20:4000");
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000", pageHosts: ["localhost"] })).toBe(
      "http://localhost:4000",
    );
  });

  it("handles IPv6 hosts and default ports", () => {
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000", pageHosts: ["[::1]:3000"] })).toBe(
      "http://[::1]:4000",
    );
    expect(publicHubUrl({ hubUrl: "https://hub.internal", pageHosts: ["phone.lan:3000"] })).toBe(
      "https://phone.lan",
    );
  });

  it("falls back to HUB_URL without a usable Host", () => {
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000/", pageHosts: [null] })).toBe(
      "http://127.0.0.1:4000",
    );
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000", pageHosts: ["bad host/x"] })).toBe(
      "http://127.0.0.1:4000",
    );
  });

  it("a page served under PUBLIC_URL's host uses PUBLIC_URL's origin, even over HUB_PUBLIC_URL", () => {
    const input = { hubUrl: "http://127.0.0.1:4000", publicUrl: PUBLIC_URL };
    expect(publicHubUrl({ ...input, pageHosts: ["phone-host.test:3443"] })).toBe(
      "https://phone-host.test:3443",
    );
    expect(
      publicHubUrl({
        ...input,
        hubPublicUrl: "https://hub.example.com",
        pageHosts: ["Phone-Host.test:3443"],
      }),
    ).toBe("https://phone-host.test:3443");
  });

  it("matches PUBLIC_URL through a trusted X-Forwarded-Host and across default ports", () => {
    expect(
      publicHubUrl({
        hubUrl: "http://127.0.0.1:4000",
        publicUrl: PUBLIC_URL,
        pageHosts: ["127.0.0.1:3000", "phone-host.test:3443"],
      }),
    ).toBe("https://phone-host.test:3443");
    expect(
      publicHubUrl({
        hubUrl: "http://127.0.0.1:4000",
        publicUrl: new URL("https://inquiry.example.com"),
        pageHosts: ["inquiry.example.com:443"],
      }),
    ).toBe("https://inquiry.example.com");
  });

  it("a page on any other host keeps the direct rule", () => {
    const input = { hubUrl: "http://127.0.0.1:4000", publicUrl: PUBLIC_URL };
    expect(publicHubUrl({ ...input, pageHosts: ["localhost:3000"] })).toBe("http://localhost:4000");
    expect(publicHubUrl({ ...input, pageHosts: ["phone-host.test:3000"] })).toBe(
      "http://phone-host.test:4000",
    );
    expect(
      publicHubUrl({ ...input, hubPublicUrl: "https://hub.example.com", pageHosts: ["localhost"] }),
    ).toBe("https://hub.example.com");
  });
});

describe("hubUrlForRequest", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** The module afresh, so it reads the environment each test stubbed. */
  async function hubUrlFor(headers: Record<string, string>): Promise<string> {
    vi.resetModules();
    const { hubUrlForRequest } = await import("./hub-url");
    return hubUrlForRequest(new Headers(headers));
  }

  it.each<[string, string, [Record<string, string>, string][]]>([
    [
      "behind the front door (one trusted hop), the forwarded PUBLIC_URL host wins",
      "1",
      [
        [
          { host: "127.0.0.1:3000", "x-forwarded-host": "phone-host.test:3443" },
          "https://phone-host.test:3443",
        ],
        [{ host: "localhost:3000" }, "http://localhost:4000"],
      ],
    ],
    [
      "reached directly, a client's own X-Forwarded-Host is not believed",
      "0",
      [
        [
          { host: "localhost:3000", "x-forwarded-host": "phone-host.test:3443" },
          "http://localhost:4000",
        ],
      ],
    ],
  ])("%s", async (_name, trustedHops, cases) => {
    vi.stubEnv("PUBLIC_URL", "https://phone-host.test:3443");
    vi.stubEnv("WEB_TRUSTED_PROXY_HOPS", trustedHops);
    vi.stubEnv("HUB_URL", "http://127.0.0.1:4000");
    for (const [headers, hubUrl] of cases) expect(await hubUrlFor(headers)).toBe(hubUrl);
  });
});
