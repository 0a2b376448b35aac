import { notLoggedIn } from "@/lib/server/api-error";
import { readToken, readUser } from "@/lib/server/session";

/** GET → 200 {user} for a logged-in browser, 401 otherwise. */
export async function GET(): Promise<Response> {
  const [token, user] = await Promise.all([readToken(), readUser()]);
  if (token === undefined || user === undefined) return notLoggedIn();
  return Response.json({ user });
}
