import { handleCredentials } from "@/lib/server/auth-handler";

/**
 * POST {code, deviceName?} → 201 {user, device} and the session cookies (this browser is now
 * a new device of the code's user), or the hub's error: 404 unknown, used or expired code.
 */
export function POST(request: Request): Promise<Response> {
  return handleCredentials(request, "/api/pairing/claim");
}
