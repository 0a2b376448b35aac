import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { PendingIndex } from "../../src/features/inquiries/ports";
import { silentLogger } from "@inquiry-hub/logging";
import { openInquiry } from "../../src/features/inquiries/inquiry-machine";
import { createInquiryService } from "../../src/features/inquiries/inquiry-service";
import type { InquiryService } from "../../src/features/inquiries/inquiry-service";
import { startPendingSweeper } from "../../src/features/inquiries/pending-sweeper";
import type { PendingSweeper } from "../../src/features/inquiries/pending-sweeper";
import type { InquiryEventBus, InquiryStore } from "../../src/features/inquiries/ports";
import { createMemoryInquiryStore } from "../../src/features/inquiries/stores/memory-inquiry-store";

/** A bus that loses every event, like Redis pub/sub while a node is disconnected. */
function createLossyBus(): InquiryEventBus & { resume(): void } {
  const resumeListeners = new Set<() => void>();
  return {
    publish: () => Promise.resolve(),
    subscribe: () => () => undefined,
    onResume(listener) {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    resume() {
      for (const listener of resumeListeners) listener();
    },
  };
}

describe("pending sweeper and missed-event recovery", () => {
  let store: InquiryStore;
  let service: InquiryService;
  let bus: ReturnType<typeof createLossyBus>;
  let sweeper: PendingSweeper | undefined;

  function start(timeoutMs = 60_000): void {
    store = createMemoryInquiryStore();
    bus = createLossyBus();
    service = createInquiryService(
      { store, bus, validateArguments: () => undefined, logger: silentLogger() },
      { defaultTimeoutMs: timeoutMs, timeoutGraceMs: 60_000 },
    );
  }

  afterEach(async () => {
    await sweeper?.stop();
    sweeper = undefined;
    service.close();
  });

  it("settles a waiter whose resolution event was lost once the bus resumes", async () => {
    start();
    const inquiry = await service.create("u1", { question: "Which city?" });
    const waiting = service.waitForResolution(inquiry.id);
    await store.resolve(inquiry.id, {
      status: "answered",
      response: "Rome",
      resolvedAt: new Date().toISOString(),
    });
    bus.resume();
    expect(await waiting).toMatchObject({ status: "answered", resolution: { response: "Rome" } });
  });

  it("fails a waiter whose inquiry vanished from the store instead of waiting forever", async () => {
    start();
    const inquiry = await service.create("u1", { question: "Still stored?" });
    const waiting = service.waitForResolution(inquiry.id);
    await service.recheckWaiting();
    Object.assign(store, { get: () => Promise.resolve(undefined) });
    bus.resume();
    await expect(waiting).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("times out overdue inquiries and cancels orphaned ones through the compare-and-set", async () => {
    start();
    // Written as another node would have: past its deadline + grace, and no backstop here.
    const overdue = openInquiry({
      id: randomUUID(),
      userId: "u1",
      type: "INQUIRY",
      question: "Late?",
      options: [],
      createdAt: new Date(Date.now() - 200_000),
      expiresAt: new Date(Date.now() - 100_000),
    });
    await store.insert(overdue);
    const orphan = await service.create("u1", { question: "Holder gone?" });
    const index: PendingIndex = {
      overdue: () => Promise.resolve([overdue.id]),
      orphaned: () => Promise.resolve([orphan.id]),
    };
    const waits = [service.waitForResolution(overdue.id), service.waitForResolution(orphan.id)];
    sweeper = startPendingSweeper(
      { inquiries: service, index, logger: silentLogger() },
      { intervalMs: 10, timeoutGraceMs: 0 },
    );

    const [timedOut, cancelled] = await Promise.all(waits);
    expect(timedOut?.status).toBe("timeout");
    expect(cancelled?.status).toBe("cancelled");
    expect(await service.list("u1", "pending")).toEqual([]);
  });

  it("leaves an inquiry pending when its stored deadline was extended after the index was read", async () => {
    start();
    const extended = openInquiry({
      id: randomUUID(),
      userId: "u1",
      type: "INQUIRY",
      question: "More time?",
      options: [],
      createdAt: new Date(Date.now() - 200_000),
      expiresAt: new Date(Date.now() - 100_000),
    });
    await store.insert(extended);
    await store.extend(extended.id, {
      from: extended.expiresAt,
      to: new Date(Date.now() + 120_000).toISOString(),
    });
    let passes = 0;
    const index: PendingIndex = {
      overdue: () => {
        passes += 1;
        return Promise.resolve([extended.id]);
      },
      orphaned: () => Promise.resolve([]),
    };
    sweeper = startPendingSweeper(
      { inquiries: service, index, logger: silentLogger() },
      { intervalMs: 10, timeoutGraceMs: 0 },
    );
    await expect.poll(() => passes).toBeGreaterThan(3);
    expect((await service.get("u1", extended.id)).status).toBe("pending");
  });
});
