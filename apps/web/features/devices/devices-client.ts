import {
  ApiErrorBodySchema,
  DeviceListResponseSchema,
  PairingCodeSchema,
} from "@inquiry-hub/protocol";
import type { Device, PairingCode } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { Translate } from "@/lib/i18n/translate";

/** A request to the web app's own API failed; `message` is fit to show, `status` to branch on. */
export class DevicesRequestError extends Error {
  override readonly name = "DevicesRequestError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function send(path: string, init: RequestInit, t: Translate): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { cache: "no-store", ...init });
  } catch {
    throw new DevicesRequestError(t("common.unreachable"), 0);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return body;
  const error = ApiErrorBodySchema.safeParse(body);
  throw new DevicesRequestError(
    error.success
      ? error.data.error.message
      : t("common.requestFailed", { status: response.status }),
    response.status,
  );
}

/** Every device of this user (GET /api/devices). */
export async function fetchDevices(t: Translate): Promise<Device[]> {
  return DeviceListResponseSchema.parse(await send("/api/devices", { method: "GET" }, t)).devices;
}

/** Revokes a device; `revokedCurrent` is true when it was this browser (now logged out). */
export async function revokeDevice(
  deviceId: string,
  t: Translate,
): Promise<{ revokedCurrent: boolean }> {
  const body = await send(`/api/devices/${encodeURIComponent(deviceId)}`, { method: "DELETE" }, t);
  return z.object({ revokedCurrent: z.boolean() }).parse(body);
}

/** A fresh one-time pairing code (POST /api/pairing). */
export async function createPairingCode(t: Translate): Promise<PairingCode> {
  return PairingCodeSchema.parse(await send("/api/pairing", { method: "POST" }, t));
}

/** Logs this browser in with a pairing code (POST /api/pairing/claim), as a new device. */
export async function claimPairingCode(
  code: string,
  deviceName: string,
  t: Translate,
): Promise<void> {
  const name = deviceName.trim();
  await send(
    "/api/pairing/claim",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(name === "" ? { code } : { code, deviceName: name }),
    },
    t,
  );
}

/** The link a phone opens to claim `code` on this web app. */
export function pairingLink(origin: string, code: string): string {
  return `${origin}/pair?code=${encodeURIComponent(code)}`;
}
