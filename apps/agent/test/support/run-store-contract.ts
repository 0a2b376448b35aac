import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunRecord, RunStore } from "../../src/runs/ports";

const LONG_TTL_MS = 60_000;
/** Short enough to wait out, long enough for a loaded CI to read the log before it goes. */
const SHORT_TTL_MS = 300;
/** How often a test polls for a lease or a log to expire. */
const POLL = { timeout: 5_000, interval: 20 };

/** A backing store: `open` gives two store objects on it, as two agent nodes would have. */
export interface RunStoreBackend {
  name: string;
  open(ttlMs: number): [RunStore, RunStore];
}

/** A running run record with fresh ids; `overrides` replace any field. */
export function aRun(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    id: `run-${randomUUID()}`,
    ownerUserId: "user-1",
    model: "inquiry-hub-demo",
    completionId: `chatcmpl-${randomUUID()}`,
    created: 1_760_000_000,
    bearer: "agent-token",
    metadata: { conversation_id: "c-1" },
    status: "running",
    checkpoint: { history: [{ role: "user", content: "Hello" }], step: 0 },
    ...overrides,
  };
}

/**
 * What every RunStore promises, run against `backend`: the memory, embedded and Redis stores
 * in the integration tier, Redis Cluster in the cluster tier. Stores a test opens are closed
 * after it.
 */
export function describeRunStoreContract(backend: RunStoreBackend): void {
  describe(`run store contract: ${backend.name}`, () => {
    const opened: RunStore[] = [];
    const open = (ttlMs: number): [RunStore, RunStore] => {
      const stores = backend.open(ttlMs);
      opened.push(...stores);
      return stores;
    };

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    it("creates and gets a run, refusing a second create of the same id", async () => {
      const [node, other] = open(LONG_TTL_MS);
      const run = aRun({ yolo: false, inquiryTimeoutSeconds: 30 });
      expect(await node.get(run.id)).toBeUndefined();
      await node.create(run);
      expect(await other.get(run.id)).toEqual(run);
      await expect(other.create(run)).rejects.toThrow(/already exists/);
    });

    it("saves checkpoints until the run is final, then ignores them", async () => {
      const [node, other] = open(LONG_TTL_MS);
      const run = aRun();
      await node.create(run);
      const progress = {
        history: [
          { role: "user" as const, content: "Hello" },
          {
            role: "assistant" as const,
            content: null,
            tool_calls: [
              {
                id: "call-1",
                type: "function" as const,
                function: { name: "send_inquiry", arguments: "{}" },
              },
            ],
          },
          { role: "tool" as const, tool_call_id: "call-1", content: "Lisbon" },
        ],
        step: 2,
      };
      await node.saveCheckpoint(run.id, progress);
      expect((await other.get(run.id))?.checkpoint).toEqual(progress);
      expect(await other.finish(run.id, "completed", "2026-01-01T00:00:00.000Z")).toBe(true);
      await node.saveCheckpoint(run.id, { history: [], step: 9 });
      expect(await node.get(run.id)).toEqual({
        ...run,
        checkpoint: progress,
        status: "completed",
        finishedAt: "2026-01-01T00:00:00.000Z",
      });
    });

    it("finishes a run exactly once when nodes race", async () => {
      const [node, other] = open(LONG_TTL_MS);
      const run = aRun();
      await node.create(run);
      const statuses = ["completed", "failed", "cancelled"] as const;
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (index % 2 === 0 ? node : other).finish(
            run.id,
            statuses[index % 3] ?? "completed",
            new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
          ),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await node.get(run.id))?.status).toBe(statuses[winner % 3]);
      expect(await node.finish(run.id, "failed", "2026-01-02T00:00:00.000Z")).toBe(false);
      expect(await node.finish("no-such-run", "failed", "2026-01-02T00:00:00.000Z")).toBe(false);
    });

    it("numbers 200 racing appends 1..200 and loses none", async () => {
      const [node, other] = open(LONG_TTL_MS);
      const run = aRun();
      await node.create(run);
      const ids = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          (index % 2 === 0 ? node : other).append(run.id, `chunk ${index}`),
        ),
      );
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      const events = await other.read(run.id, 0, 1_000);
      expect(events.map((event) => event.id)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      for (const [index, id] of ids.entries()) {
        expect(events[id - 1]?.data).toBe(`chunk ${index}`);
      }
      await expect(node.append("no-such-run", "x")).rejects.toThrow(/not found/);
    });

    it("reads the events after an id, at most `limit`, oldest first", async () => {
      const [node] = open(LONG_TTL_MS);
      const run = aRun();
      await node.create(run);
      for (const data of ["a", "b", "c", "d", "[DONE]"]) await node.append(run.id, data);
      expect(await node.read(run.id, 1, 2)).toEqual([
        { id: 2, data: "b" },
        { id: 3, data: "c" },
      ]);
      expect(await node.read(run.id, 4, 10)).toEqual([{ id: 5, data: "[DONE]" }]);
      expect(await node.read(run.id, 5, 10)).toEqual([]);
      expect(await node.read("no-such-run", 0, 10)).toEqual([]);
    });

    it("tells a watcher on another node of each append, until it unsubscribes", async () => {
      const [node, other] = open(LONG_TTL_MS);
      const run = aRun();
      await node.create(run);
      const heard: number[] = [];
      const unwatch = await other.watch(run.id, (lastId) => heard.push(lastId));
      await node.append(run.id, "one");
      await node.append(run.id, "two");
      await vi.waitFor(() => expect(heard).toEqual([1, 2]), { timeout: 2_000 });
      await unwatch();
      await node.append(run.id, "three");
      await node.append(run.id, "after");
      // A second watcher proves the later appends reached `other` before `heard` is checked.
      // On Redis Cluster, notices published before its SUBSCRIBE may still arrive over the
      // cluster bus, so it may hear 3 and 4 too; what it must hear is the probe's 5.
      const probe: number[] = [];
      const unprobe = await other.watch(run.id, (lastId) => probe.push(lastId));
      await node.append(run.id, "probe");
      await vi.waitFor(() => expect(probe).toContain(5), { timeout: 2_000 });
      await unprobe();
      expect(heard).toEqual([1, 2]);
    });

    it("delivers a cancel request to every node", async () => {
      const [node, other] = open(LONG_TTL_MS);
      const heardHere: string[] = [];
      const heardThere: string[] = [];
      const stopHere = await node.onCancelRequested((runId) => heardHere.push(runId));
      const stopThere = await other.onCancelRequested((runId) => heardThere.push(runId));
      await node.requestCancel("run-x");
      await vi.waitFor(() => expect(heardThere).toEqual(["run-x"]), { timeout: 2_000 });
      await vi.waitFor(() => expect(heardHere).toEqual(["run-x"]), { timeout: 2_000 });
      await stopHere();
      await stopThere();
    });

    it("lists the runs still running", async () => {
      const [node, other] = open(LONG_TTL_MS);
      const [first, second] = [aRun(), aRun()];
      await node.create(first);
      await node.create(second);
      await node.finish(second.id, "cancelled", "2026-01-01T00:00:00.000Z");
      const running = await other.listRunning();
      expect(running).toContain(first.id);
      expect(running).not.toContain(second.id);
    });

    it("leases a run to one node; renewal, release and expiry hand it over", async () => {
      const [node, other] = open(LONG_TTL_MS);
      const run = aRun();
      await node.create(run);
      expect(await node.claim(run.id, "node-a", 60_000)).toBe(true);
      expect(await other.claim(run.id, "node-b", 60_000)).toBe(false);
      expect(await node.claim(run.id, "node-a", SHORT_TTL_MS)).toBe(true);
      await other.release(run.id, "node-b");
      expect(await other.claim(run.id, "node-b", 60_000)).toBe(false);
      // A refused claim changes nothing, so asking until the renewed lease runs out is safe.
      await vi.waitFor(
        async () => expect(await other.claim(run.id, "node-b", 60_000)).toBe(true),
        POLL,
      );
      expect(await node.claim(run.id, "node-a", 60_000)).toBe(false);
      await other.release(run.id, "node-b");
      expect(await node.claim(run.id, "node-a", 60_000)).toBe(true);
      await node.finish(run.id, "completed", "2026-01-01T00:00:00.000Z");
      expect(await other.claim(run.id, "node-b", 60_000)).toBe(false);
      expect(await other.claim("no-such-run", "node-b", 60_000)).toBe(false);
    });

    it("forgets a finished run and its log once the TTL has passed", async () => {
      const [node, other] = open(SHORT_TTL_MS);
      const [finished, running] = [aRun(), aRun()];
      await node.create(finished);
      await node.create(running);
      await node.append(finished.id, "kept for a while");
      await node.finish(finished.id, "completed", "2026-01-01T00:00:00.000Z");
      expect(await other.read(finished.id, 0, 10)).toHaveLength(1);
      await vi.waitFor(async () => {
        expect(await other.get(finished.id)).toBeUndefined();
        expect(await other.read(finished.id, 0, 10)).toEqual([]);
      }, POLL);
      expect((await other.get(running.id))?.status).toBe("running");
    });
  });
}
