import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createMemoryBatchWindows } from "../../src/features/approvals/batches/memory-batch-windows";
import type { BatchWindows } from "../../src/features/approvals/batches/ports";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every BatchWindows must do, against real time (windows of a few hundred ms). */
function describeBatchWindowsContract(label: string, open: () => BatchWindows): void {
  describe(`batch windows (${label})`, () => {
    it("opens a batch, and the same scope joins it while the window is open", async () => {
      const windows = open();
      const scope = randomUUID();
      expect(await windows.join(scope, "batch-a", 1_000)).toBe("batch-a");
      expect(await windows.join(scope, "batch-b", 1_000)).toBe("batch-a");
    });

    it("keeps scopes apart", async () => {
      const windows = open();
      expect(await windows.join(randomUUID(), "batch-a", 1_000)).toBe("batch-a");
      expect(await windows.join(randomUUID(), "batch-b", 1_000)).toBe("batch-b");
    });

    it("slides: each join moves the window on; a quiet spell longer than it opens a new batch", async () => {
      const windows = open();
      const scope = randomUUID();
      // Joins come half a window apart (three of them span more than one window), so a
      // loaded machine's late timers still leave half a window of margin either way.
      expect(await windows.join(scope, "batch-a", 1_000)).toBe("batch-a");
      for (const candidate of ["batch-b", "batch-c", "batch-d"]) {
        await sleep(500);
        expect(await windows.join(scope, candidate, 1_000)).toBe("batch-a");
      }
      await sleep(1_500);
      expect(await windows.join(scope, "batch-e", 1_000)).toBe("batch-e");
    });

    it("gives racing joins of one scope one batch", async () => {
      const windows = open();
      const scope = randomUUID();
      const joined = await Promise.all(
        Array.from({ length: 10 }, (_, index) => windows.join(scope, `batch-${index}`, 1_000)),
      );
      expect(new Set(joined).size).toBe(1);
    });
  });
}

describeBatchWindowsContract("memory", () => createMemoryBatchWindows());

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("batch-windows");
  describeBatchWindowsContract("redis", () => infra().batchWindows);
});
