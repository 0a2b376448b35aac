import { describe, expect, it } from "vitest";
import { DEFAULT_LANDING, returnPath } from "./return-path";

describe("returnPath", () => {
  it("keeps a path on this site, with its query", () => {
    expect(returnPath("/webhook/decide?t=a.b")).toBe("/webhook/decide?t=a.b");
  });

  it.each([
    undefined,
    ["/a", "/b"],
    "",
    "chat",
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
  ])("sends %j to the default landing page", (next) => {
    expect(returnPath(next)).toBe(DEFAULT_LANDING);
  });
});
