import { DeviceListResponseSchema, PairingCodeSchema } from "@inquiry-hub/protocol";
import type { Device, PairingCode } from "@inquiry-hub/protocol";
import { z } from "zod";
import { requestAppApi } from "@/lib/app-api-client";
import type { Translate } from "@/lib/i18n/translate";

/** Every device of this user (GET /api/devices). */
export async function fetchDevices(t: Translate): Promise<Device[]> {
  return DeviceListResponseSchema.parse(await requestAppApi("/api/devices", { method: "GET" }, t))
    .devices;
}

/** Revokes a device; `revokedCurrent` is true when it was this browser (now logged out). */
export async function revokeDevice(
  deviceId: string,
  t: Translate,
): Promise<{ revokedCurrent: boolean }> {
  const body = await requestAppApi(
    `/api/devices/${encodeURIComponent(deviceId)}`,
    { method: "DELETE" },
    t,
  );
  return z.object({ revokedCurrent: z.boolean() }).parse(body);
}

/** A fresh one-time pairing code (POST /api/pairing). */
export async function createPairingCode(t: Translate): Promise<PairingCode> {
  return PairingCodeSchema.parse(await requestAppApi("/api/pairing", { method: "POST" }, t));
}

/** Logs this browser in with a pairing code (POST /api/pairing/claim), as a new device. */
export async function claimPairingCode(
  code: string,
  deviceName: string,
  t: Translate,
): Promise<void> {
  const name = deviceName.trim();
  await requestAppApi(
    "/api/pairing/claim",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(name === "" ? { code } : { code, deviceName: name }),
    },
    t,
  );
}
