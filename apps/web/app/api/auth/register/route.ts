import { handleCredentials } from "@/lib/auth-handler";

/** POST {username, password} → 2xx {user} and the session cookie, or the hub's error. */
export function POST(request: Request): Promise<Response> {
  return handleCredentials(request, "/api/auth/register");
}
