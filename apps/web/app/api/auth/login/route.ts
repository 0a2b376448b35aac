import { handleCredentials } from "@/lib/server/auth-handler";

/** POST {username, password, deviceName?} → 200 {user, device} and the session cookie (a new device), or the hub's error. */
export function POST(request: Request): Promise<Response> {
  return handleCredentials(request, "/api/auth/login");
}
