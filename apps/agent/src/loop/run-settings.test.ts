import { describe, expect, it } from "vitest";
import { testRunSettings } from "../../test/support/run-settings";
import { endpointsFor } from "./run-settings";
import type { RunSettings } from "./run-settings";

function settings(demoToolsMcpUrl: string): RunSettings {
  return testRunSettings({ demoToolsMcpUrl: new URL(demoToolsMcpUrl) });
}

describe("endpointsFor", () => {
  it("passes the chat's 'always ask' to the hub and to the approval proxy on the hub", () => {
    const [hub, tools] = endpointsFor(
      settings("http://127.0.0.1:4000/proxy/demo/mcp"),
      "token",
      undefined,
      false,
    );
    expect(hub?.url.searchParams.get("yolo")).toBe("0");
    expect(tools?.url.searchParams.get("yolo")).toBe("0");
    expect(tools?.headers).toEqual({ Authorization: "Bearer token" });
  });

  it("keeps the override and the bearer away from a tools server elsewhere", () => {
    const [hub, tools] = endpointsFor(
      settings("http://127.0.0.1:5000/mcp"),
      "token",
      undefined,
      false,
    );
    expect(hub?.url.searchParams.get("yolo")).toBe("0");
    expect(tools?.url.searchParams.has("yolo")).toBe(false);
    expect(tools?.headers).toBeUndefined();
  });

  it("sends no override when the chat has none", () => {
    const endpoints = endpointsFor(
      settings("http://127.0.0.1:4000/proxy/demo/mcp"),
      "token",
      undefined,
    );
    expect(endpoints.every((endpoint) => !endpoint.url.searchParams.has("yolo"))).toBe(true);
  });
});
