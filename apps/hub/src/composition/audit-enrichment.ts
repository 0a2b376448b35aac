import type { DeviceStore } from "../features/accounts/ports";
import type { AuditEvent } from "../features/audit/audit-record";
import { WEBHOOK_DEVICE_ID } from "../features/notifications/ports";
import type { SettingsStore } from "../features/settings/ports";

/**
 * Completes a record before it is chained, off the decision's path (the append runs after
 * the decision): the deciding device's name as the person sees it (one device read), a
 * webhook link's answer as channel `webhook`, and a YOLO answer's grant, read from the
 * person's settings (one read): the person turned it on, `until` when it switches itself
 * off (null: until turned off).
 */
export function createAuditEnrichment(stores: {
  deviceStore: DeviceStore;
  settingsStore: SettingsStore;
}): (event: AuditEvent) => Promise<AuditEvent> {
  async function named(actor: AuditEvent["actor"]): Promise<AuditEvent["actor"]> {
    if (actor.deviceId === undefined || actor.deviceName !== undefined) return actor;
    if (actor.deviceId === WEBHOOK_DEVICE_ID) return { ...actor, channel: "webhook" };
    const name = (await stores.deviceStore.get(actor.deviceId))?.name;
    return name === undefined ? actor : { ...actor, deviceName: name };
  }

  async function grantOf(event: AuditEvent): Promise<Record<string, unknown>> {
    if (event.actor.channel !== "yolo") return event.detail;
    const yolo = (await stores.settingsStore.get(event.actor.userId))?.yolo;
    return {
      ...event.detail,
      grant: {
        grantedBy: event.actor.userId,
        enabled: yolo?.enabled ?? false,
        until: yolo?.until ?? null,
      },
    };
  }

  return async (event) => ({
    ...event,
    actor: await named(event.actor),
    detail: await grantOf(event),
  });
}
