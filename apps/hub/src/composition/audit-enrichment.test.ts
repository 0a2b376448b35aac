import { describe, expect, it } from "vitest";
import { createMemoryDeviceStore } from "../features/accounts/stores/memory-device-store";
import type { AuditEvent } from "../features/audit/audit-record";
import { WEBHOOK_DEVICE_ID } from "../features/notifications/ports";
import { createMemorySettingsStore } from "../features/settings/stores/memory-settings-store";
import { createAuditEnrichment } from "./audit-enrichment";

const event = (actor: AuditEvent["actor"]): AuditEvent => ({
  kind: "approval.decision",
  at: "2026-11-28T06:00:00.000Z",
  actor,
  subject: "i1",
  detail: { verdict: "approved" },
});

describe("createAuditEnrichment", () => {
  it("names the device, tells a webhook link apart and adds a YOLO's grant", async () => {
    const deviceStore = createMemoryDeviceStore();
    const settingsStore = createMemorySettingsStore();
    await deviceStore.insert({
      id: "phone",
      userId: "ada",
      name: "Pixel 7",
      kind: "phone",
      purpose: "device",
      tokenHash: "h",
      firstSeenAt: "2026-11-01T00:00:00.000Z",
      lastSeenAt: "2026-11-28T00:00:00.000Z",
    });
    const until = "2026-11-28T07:00:00.000Z";
    await settingsStore.put("ada", { yolo: { enabled: true, until } });
    const enrich = createAuditEnrichment({ deviceStore, settingsStore });

    expect(
      (await enrich(event({ userId: "ada", deviceId: "phone", channel: "app" }))).actor,
    ).toEqual({ userId: "ada", deviceId: "phone", deviceName: "Pixel 7", channel: "app" });
    expect(
      (await enrich(event({ userId: "ada", deviceId: WEBHOOK_DEVICE_ID, channel: "app" }))).actor,
    ).toEqual({ userId: "ada", deviceId: WEBHOOK_DEVICE_ID, channel: "webhook" });
    expect((await enrich(event({ userId: "ada", channel: "yolo" }))).detail).toEqual({
      verdict: "approved",
      grant: { grantedBy: "ada", enabled: true, until },
    });
    expect(await enrich(event({ userId: "ada", channel: "hub" }))).toEqual(
      event({ userId: "ada", channel: "hub" }),
    );
  });
});
