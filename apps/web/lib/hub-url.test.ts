import { describe, expect, it } from "vitest";
import { publicHubUrl } from "./hub-url";

describe("publicHubUrl", () => {
  it("prefers HUB_PUBLIC_URL, as an origin", () => {
    expect(
      publicHubUrl({
        hubUrl: "http://127.0.0.1:4000",
        hubPublicUrl: "https://hub.example.com/some/path",
        host: "localhost:3000",
      }),
    ).toBe("https://hub.example.com");
  });

  it("keeps the page's hostname with the hub's protocol and port", () => {
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000", host: "192.168.1.20:3000" })).toBe(
      "http://192.168.1.20:4000",
    );
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000", host: "localhost" })).toBe(
      "http://localhost:4000",
    );
  });

  it("handles IPv6 hosts and default ports", () => {
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000", host: "[::1]:3000" })).toBe(
      "http://[::1]:4000",
    );
    expect(publicHubUrl({ hubUrl: "https://hub.internal", host: "phone.lan:3000" })).toBe(
      "https://phone.lan",
    );
  });

  it("falls back to HUB_URL without a usable Host", () => {
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000/", host: null })).toBe(
      "http://127.0.0.1:4000",
    );
    expect(publicHubUrl({ hubUrl: "http://127.0.0.1:4000", host: "bad host/x" })).toBe(
      "http://127.0.0.1:4000",
    );
  });
});
