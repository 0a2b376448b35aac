import { describe, expect, it } from "vitest";
import {
  PRESENCE_FRESH_MS,
  PRESENCE_MIN_GAP_MS,
  createDeviceAttention,
} from "../../src/features/accounts/device-attention";

describe("device attention", () => {
  const front = { visible: true, focused: true };

  it("counts a device here while its visible, focused report is fresh", () => {
    let nowMs = 0;
    const attention = createDeviceAttention(() => nowMs);
    attention.report({ userId: "ada", deviceId: "tab" }, front);
    attention.report({ userId: "ada", deviceId: "phone" }, { visible: true, focused: false });
    attention.report({ userId: "bob", deviceId: "bobs-tab" }, front);
    expect(attention.hereDevices("ada")).toEqual(["tab"]);
    nowMs = PRESENCE_FRESH_MS + 1;
    expect(attention.hereDevices("ada")).toEqual([]);
  });

  it("drops a report that comes too soon and forgets a device that left", () => {
    let nowMs = 0;
    const attention = createDeviceAttention(() => nowMs);
    const tab = { userId: "ada", deviceId: "tab" };
    expect(attention.report(tab, front)).toBe(true);
    nowMs = PRESENCE_MIN_GAP_MS - 1;
    expect(attention.report(tab, { visible: false, focused: false })).toBe(false);
    expect(attention.hereDevices("ada")).toEqual(["tab"]);
    nowMs = PRESENCE_MIN_GAP_MS;
    expect(attention.report(tab, { visible: false, focused: false })).toBe(true);
    expect(attention.hereDevices("ada")).toEqual([]);
    nowMs += PRESENCE_MIN_GAP_MS;
    attention.report(tab, front);
    attention.forget("tab");
    expect(attention.hereDevices("ada")).toEqual([]);
  });
});
