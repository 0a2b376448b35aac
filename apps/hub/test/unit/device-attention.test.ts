import { afterEach, describe, expect, it, vi } from "vitest";
import {
  PRESENCE_LEAVE_GRACE_MS,
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
    await attention.report({ userId: "ada", deviceId: "tab", connectionId: "s1" }, front);
    await attention.report(
      { userId: "ada", deviceId: "phone", connectionId: "s2" },
      { visible: true, focused: false },
    );
    await attention.report({ userId: "bob", deviceId: "bobs-tab", connectionId: "s3" }, front);
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    attention.stop();
  });

  it("drops a report that comes too soon and forgets a device that blurred and left", async () => {
    let nowMs = 0;
    const attention = createDeviceAttention({
      store: createMemoryPresenceStore(() => nowMs),
      logger,
      now: () => nowMs,
    });
    const tab = { userId: "ada", deviceId: "tab", connectionId: "s1" };
    expect(await attention.report(tab, front)).toBe(true);
    nowMs = PRESENCE_MIN_GAP_MS - 1;
    expect(await attention.report(tab, { visible: false, focused: false })).toBe(false);
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    nowMs = PRESENCE_MIN_GAP_MS;
    expect(await attention.report(tab, { visible: false, focused: false })).toBe(true);
    expect(await attention.hereDevices("ada")).toEqual([]);
    await attention.forget(tab);
    expect(await attention.hereDevices("ada")).toEqual([]);
    attention.stop();
  });

  it("keeps a tab that closed while in front here for a short grace, so a reload is not leaving", async () => {
    let nowMs = 0;
    const attention = createDeviceAttention({
      store: createMemoryPresenceStore(() => nowMs),
      logger,
      now: () => nowMs,
    });
    const page = { userId: "ada", deviceId: "tab", connectionId: "before-reload" };
    await attention.report(page, front);
    await attention.forget(page);
    nowMs = PRESENCE_LEAVE_GRACE_MS - 1;
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    nowMs = PRESENCE_LEAVE_GRACE_MS;
    expect(await attention.hereDevices("ada")).toEqual([]);
    attention.stop();
  });

  it("counts a device here while any of its tabs is, whatever order the sockets come and go", async () => {
    const attention = createDeviceAttention({ store: createMemoryPresenceStore(), logger });
    const oldPage = { userId: "ada", deviceId: "tab", connectionId: "old" };
    const newPage = { userId: "ada", deviceId: "tab", connectionId: "new" };
    await attention.report(oldPage, front);
    await attention.report(newPage, front);
    await attention.forget(oldPage);
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    const sibling = { userId: "ada", deviceId: "tab", connectionId: "sibling" };
    await attention.report(sibling, { visible: false, focused: false });
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    attention.stop();
  });

  it("renews a tab left in front of the person, and lets a stopped node's marks expire", async () => {
    vi.useFakeTimers();
    const store = createMemoryPresenceStore();
    const attention = createDeviceAttention({ store, logger });
    await attention.report({ userId: "ada", deviceId: "tab", connectionId: "s1" }, front);
    await vi.advanceTimersByTimeAsync(PRESENCE_TTL_MS * 3);
    expect(await attention.hereDevices("ada")).toEqual(["tab"]);
    attention.stop();
    await vi.advanceTimersByTimeAsync(PRESENCE_TTL_MS + 1);
    expect(await store.hereDevices("ada")).toEqual([]);
  });
});
