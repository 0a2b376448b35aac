import { describe, expect, it } from "vitest";
import { keepsFollowedRun } from "./conversation-switch";

describe("keepsFollowedRun", () => {
  it("keeps the run when a new chat becomes the conversation its message created", () => {
    expect(keepsFollowedRun(undefined, "c1", "c1")).toBe(true);
  });

  it("leaves the run when coming back from another conversation to one this tab started", () => {
    expect(keepsFollowedRun("c2", "c1", "c1")).toBe(false);
  });

  it("leaves the run for any other conversation and for a new chat", () => {
    expect(keepsFollowedRun(undefined, "c2", "c1")).toBe(false);
    expect(keepsFollowedRun(undefined, "c1", undefined)).toBe(false);
    expect(keepsFollowedRun("c1", undefined, "c1")).toBe(false);
  });
});
