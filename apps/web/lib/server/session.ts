import "server-only";
import { cookies } from "next/headers";
import { PublicUserSchema } from "@inquiry-hub/protocol";
import type { AuthResponse, PublicUser } from "@inquiry-hub/protocol";

/** httpOnly cookie holding the hub's bearer token; the browser's scripts never see it. */
export const TOKEN_COOKIE = "ih_token";
/** httpOnly cookie holding the public user (id, username) for display. Not a credential. */
export const USER_COOKIE = "ih_user";
/** httpOnly cookie holding this browser's device id, for "on this device". Not a credential. */
export const DEVICE_COOKIE = "ih_device";

const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/** The hub token of the current request, if the browser sent one. */
export async function readToken(): Promise<string | undefined> {
  const value = (await cookies()).get(TOKEN_COOKIE)?.value;
  return value === undefined || value === "" ? undefined : value;
}

/** The user stored at login, if any and well-formed. */
export async function readUser(): Promise<PublicUser | undefined> {
  const raw = (await cookies()).get(USER_COOKIE)?.value;
  if (raw === undefined) return undefined;
  try {
    const parsed = PublicUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The id of the device this browser logged in as, when the login recorded it. */
export async function readDeviceId(): Promise<string | undefined> {
  const value = (await cookies()).get(DEVICE_COOKIE)?.value;
  return value === undefined || value === "" ? undefined : value;
}

/** Stores a hub login in the session cookies (route handlers only). */
export async function startSession(auth: AuthResponse, secure: boolean): Promise<void> {
  const store = await cookies();
  const options = {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  } as const;
  store.set(TOKEN_COOKIE, auth.token, options);
  store.set(USER_COOKIE, JSON.stringify(auth.user), options);
  store.set(DEVICE_COOKIE, auth.device.id, options);
}

/** Clears the session cookies (route handlers only). */
export async function endSession(): Promise<void> {
  const store = await cookies();
  store.delete(TOKEN_COOKIE);
  store.delete(USER_COOKIE);
  store.delete(DEVICE_COOKIE);
}
