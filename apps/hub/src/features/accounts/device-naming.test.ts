import { describe, expect, it } from "vitest";
import { describeUserAgent, distinctName } from "./device-naming";

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
      "phone",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0",
      "Firefox on macOS",
      "desktop",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
      "phone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
      "Edge on Windows",
      "desktop",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
      "Chrome on Linux",
      "desktop",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
      "Chrome on Linux",
      "desktop",
    ],
    ["node", "Unknown device", "desktop"],
    [undefined, "Unknown device", "desktop"],
  ])("%s → %s (%s)", (userAgent, name, kind) => {
    expect(describeUserAgent(userAgent)).toEqual({ name, kind });
  });
});

describe("distinctName", () => {
  it("keeps a free name and numbers a taken one from 2, skipping numbers in use", () => {
    expect(distinctName("Chrome on Linux", ["Firefox on Linux"])).toBe("Chrome on Linux");
    expect(distinctName("Chrome on Linux", ["Chrome on Linux"])).toBe("Chrome on Linux 2");
    expect(
      distinctName("Chrome on Linux", [
        "Chrome on Linux",
        "Chrome on Linux 2",
        "Chrome on Linux 4",
      ]),
    ).toBe("Chrome on Linux 3");
    expect(distinctName("Chrome on Linux", ["Chrome on Linux 2"])).toBe("Chrome on Linux");
  });
});
