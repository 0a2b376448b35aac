import {
  DeviceListResponseSchema,
  DeviceSchema,
  PairingCodeSchema,
  PairingCodeStatusSchema,
} from "@inquiry-hub/protocol";
import type { Device, PairingCode, PairingCodeStatus } from "@inquiry-hub/protocol";
import { z } from "zod";
import { requestJson } from "@/lib/client/api-client";
import { SessionStartedSchema } from "@/features/auth";

/** Every device of this user (GET /api/devices). */
export async function fetchDevices(): Promise<Device[]> {
  return (await requestJson("/api/devices", DeviceListResponseSchema)).devices;
}

/** Revokes a device; `revokedCurrent` is true when it was this browser (now logged out). */
export function revokeDevice(deviceId: string): Promise<{ revokedCurrent: boolean }> {
  return requestJson(
    `/api/devices/${encodeURIComponent(deviceId)}`,
    z.object({ revokedCurrent: z.boolean() }),
    { method: "DELETE" },
  );
}

/** Gives one of this user's devices a new name (PATCH /api/devices/:id). */
export function renameDevice(deviceId: string, name: string): Promise<Device> {
  return requestJson(`/api/devices/${encodeURIComponent(deviceId)}`, DeviceSchema, {
    method: "PATCH",
    body: { name },
  });
}

/** What became of a code this user created: waiting, used by which device, or expired. */
export function fetchPairingStatus(id: string): Promise<PairingCodeStatus> {
  return requestJson(`/api/pairing/${encodeURIComponent(id)}`, PairingCodeStatusSchema);
}

/** A fresh one-time pairing code (POST /api/pairing). */
export function createPairingCode(): Promise<PairingCode> {
  return requestJson("/api/pairing", PairingCodeSchema, { method: "POST" });
}

/** Logs this browser in with a pairing code (POST /api/pairing/claim), as a new device. */
export async function claimPairingCode(code: string, deviceName: string): Promise<void> {
  const name = deviceName.trim();
  await requestJson("/api/pairing/claim", SessionStartedSchema, {
    method: "POST",
    body: name === "" ? { code } : { code, deviceName: name },
  });
}
