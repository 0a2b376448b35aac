import { describe, expect, it } from "vitest";
import { holdBudget } from "./hold-budget";

const DEFAULT_MS = 45_000;

describe("holdBudget", () => {
  it("takes the session's ?hold= over everything", () => {
    expect(holdBudget({ name: "claude-ai", version: "1" }, 5_000, DEFAULT_MS)).toBe(5_000);
    expect(holdBudget(undefined, "none", DEFAULT_MS)).toBeUndefined();
  });

  it("keeps a margin below what a known client waits, and holds for clients that wait", () => {
    expect(holdBudget({ name: "claude-ai", version: "0.1.0" }, undefined, DEFAULT_MS)).toBe(50_000);
    expect(holdBudget({ name: "ai-sdk-mcp-client", version: "1" }, undefined, DEFAULT_MS)).toBe(
      undefined,
    );
  });

  it("sees the host behind mcp-remote", () => {
    const host = { name: "claude-ai (via mcp-remote 0.15.1)", version: "0.1.0" };
    expect(holdBudget(host, undefined, DEFAULT_MS)).toBe(50_000);
  });

  it("gives an unknown or unnamed client the default", () => {
    expect(holdBudget({ name: "my-agent", version: "1" }, undefined, DEFAULT_MS)).toBe(DEFAULT_MS);
    expect(holdBudget(undefined, undefined, DEFAULT_MS)).toBe(DEFAULT_MS);
  });
});
