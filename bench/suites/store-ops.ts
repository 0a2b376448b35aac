import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedInfra, createMemoryInquiryStore, openInquiry } from "@inquiry-hub/hub";
import type { Inquiry, InquiryResolution } from "@inquiry-hub/protocol";
import { wallNow } from "../lib/clock";

/** The stores compared: the in-memory one (tests) and the embedded LMDB one (`npm start`). */
export type StoreKind = "memory" | "embedded";

/** One row: how many inquiry life cycles (insert → get → resolve) a store did per second. */
export interface StoreOpsRow {
  store: StoreKind;
  /** Cycles awaited at the same time: 1 is one caller, 100 is a busy node. */
  concurrency: number;
  cycles: number;
  cyclesPerSecond: number;
}

export interface StoreOpsResult {
  rows: StoreOpsRow[];
}

/** The operations a question costs the store, whatever answers it. */
interface CycleStore {
  insert(inquiry: Inquiry): Promise<unknown>;
  get(id: string): Promise<unknown>;
  resolve(id: string, resolution: InquiryResolution): Promise<unknown>;
}

function newInquiry(userId: string): Inquiry {
  const createdAt = new Date();
  return openInquiry({
    id: randomUUID(),
    userId,
    type: "INQUIRY",
    question: "Which city should the trip start from?",
    options: ["Lisbon", "Porto"],
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 60_000),
  });
}

async function oneCycle(store: CycleStore, userId: string): Promise<void> {
  const inquiry = newInquiry(userId);
  await store.insert(inquiry);
  await store.get(inquiry.id);
  await store.resolve(inquiry.id, {
    status: "answered",
    response: "Lisbon",
    byDeviceId: "bench-device",
    resolvedAt: new Date().toISOString(),
  });
}

/** Runs `cycles` cycles with `concurrency` in flight and returns cycles per second. */
async function measure(store: CycleStore, cycles: number, concurrency: number): Promise<number> {
  let started = 0;
  const worker = async (lane: number): Promise<void> => {
    while (started < cycles) {
      started += 1;
      await oneCycle(store, `bench-user-${lane % 10}`);
    }
  };
  const begin = wallNow();
  await Promise.all(Array.from({ length: concurrency }, (_, lane) => worker(lane)));
  return (cycles * 1000) / (wallNow() - begin);
}

/**
 * Inquiry life cycles per second on the in-memory store and on the embedded LMDB store (a
 * fresh database in a temp folder, the same adapter `npm start` uses, durable commits), in
 * this process, one caller and 100 in flight. The hub's cost per question sits elsewhere
 * (MCP, sockets); this row says what persistence adds.
 */
export async function runStoreOps(cycles: number): Promise<StoreOpsResult> {
  const rows: StoreOpsRow[] = [];
  for (const concurrency of [1, 100]) {
    const memory = createMemoryInquiryStore();
    rows.push({
      store: "memory",
      concurrency,
      cycles,
      cyclesPerSecond: await measure(memory, cycles, concurrency),
    });
    const dir = mkdtempSync(join(tmpdir(), "bench-embedded-"));
    const embedded = createEmbeddedInfra({ dir, historyTtlSeconds: 3_600 });
    try {
      rows.push({
        store: "embedded",
        concurrency,
        cycles,
        cyclesPerSecond: await measure(embedded.inquiryStore, cycles, concurrency),
      });
    } finally {
      await embedded.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { rows };
}
