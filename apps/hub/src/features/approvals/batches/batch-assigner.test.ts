import { describe, expect, it } from "vitest";
import type { ScreenedCall } from "../approval-screening";
import { createBatchAssigner, runBatchId } from "./batch-assigner";
import { createMemoryBatchWindows } from "./memory-batch-windows";

const call = (overrides: Partial<ScreenedCall>): ScreenedCall => ({
  userId: "ada",
  credentialId: "key-1",
  upstream: "demo",
  tool: "write_file",
  args: {},
  description: "Write?",
  ...overrides,
});

describe("createBatchAssigner", () => {
  it("puts the calls of one run in the run's batch, never shared with another person's run", async () => {
    const assign = createBatchAssigner({ windows: createMemoryBatchWindows(), windowMs: 5_000 });
    const first = await assign(call({ runId: "run-1" }));
    expect(first).toBe(runBatchId("ada", "run-1"));
    expect(await assign(call({ runId: "run-1", credentialId: "key-2" }))).toBe(first);
    expect(await assign(call({ runId: "run-1", userId: "bob" }))).not.toBe(first);
    expect(first).not.toContain("run-1");
  });

  it("groups a credential's calls without a run by its window, apart from other credentials and people", async () => {
    let nowMs = 0;
    const assign = createBatchAssigner({
      windows: createMemoryBatchWindows(() => nowMs),
      windowMs: 5_000,
    });
    const first = await assign(call({}));
    expect(first).toMatch(/^batch-/);
    nowMs = 4_000;
    expect(await assign(call({}))).toBe(first);
    expect(await assign(call({ credentialId: "key-2" }))).not.toBe(first);
    expect(await assign(call({ userId: "bob" }))).not.toBe(first);
    nowMs = 8_999;
    expect(await assign(call({}))).toBe(first);
    nowMs = 14_000;
    expect(await assign(call({}))).not.toBe(first);
  });
});
