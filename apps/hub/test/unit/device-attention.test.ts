import { afterEach, describe, expect, it, vi } from "vitest";
import {
  PRESENCE_MIN_GAP_MS,
  PRESENCE_TTL_MS,
  createDeviceAttention,
} from "../../src/features/accounts/device-attention";
import { createMemoryPresenceStore } from "../../src/features/accounts/stores/memory-presence-store";
import { silentLogger } from "@inquiry-hub/logging";

const logger = silentLogger();

describe("device attention", () => {
  const front = { visible: true, focused: true };
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts a device here while its last report is visible and focused", async () => {
    const attention = createDeviceAttention({ store: createMemoryPresenceStore(), logger });
    await attention.report({ userId: "ada", deviceId: "tab" }, front);
    await attention.report({ userId: "ada", deviceId: "phone" }, { visible: true, focused: false });
    await attention.report({ userId: "bob", deviceId: "bobs-tab" }, front);
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    attention.stop();
  });

  it("drops a report that comes too soon and forgets a device that left", async () => {
    let nowMs = 0;
    const attention = createDeviceAttention({
      store: createMemoryPresenceStore(() => nowMs),
      logger,
      now: () => nowMs,
    });
    const tab = { userId: "ada", deviceId: "tab" };
    expect(await attention.report(tab, front)).toBe(true);
    nowMs = PRESENCE_MIN_GAP_MS - 1;
    expect(await attention.report(tab, { visible: false, focused: false })).toBe(false);
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    nowMs = PRESENCE_MIN_GAP_MS;
    expect(await attention.report(tab, { visible: false, focused: false })).toBe(true);
    expect(await attention.hereDevices("ada")).toEqual([]);
    nowMs += PRESENCE_MIN_GAP_MS;
    await attention.report(tab, front);
    await attention.forget(tab);
    expect(await attention.hereDevices("ada")).toEqual([]);
    attention.stop();
  });

  it("renews a tab left in front of the person, and lets a stopped node's marks expire", async () => {
    vi.useFakeTimers();
    const store = createMemoryPresenceStore();
    const attention = createDeviceAttention({ store, logger });
    await attention.report({ userId: "ada", deviceId: "tab" }, front);
    await vi.advanceTimersByTimeAsync(PRESENCE_TTL_MS * 3);
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    attention.stop();
    await vi.advanceTimersByTimeAsync(PRESENCE_TTL_MS + 1);
    expect(await store.hereDevices("ada")).toEqual([]);
  });
});
