import { DeviceRenameBodySchema } from "@inquiry-hub/protocol";
import { fetchHub } from "@/lib/server/hub-fetch";
import { callHub, relayParsedBody } from "@/lib/server/hub-proxy";
import { endSession, readToken } from "@/lib/server/session";
import { relayResponse } from "@/lib/server/upstream";

/**
 * DELETE → revokes one device of this user: 200 `{revokedCurrent}`. When the revoked device
 * is this browser's own (its token no longer works), the session cookies are cleared too, so
 * the page can go to the login screen. Hub errors (401, 404) are relayed as they are.
 */
export async function DELETE(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  const call = await callHub(request, `/api/devices/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
  if (!call.ok) return call.response;
  if (!call.upstream.ok) return relayResponse(call.upstream);
  const revokedCurrent = await tokenWasRevoked();
  if (revokedCurrent) await endSession();
  return Response.json({ revokedCurrent });
}

/**
 * PATCH `{name}` → renames one device of this user: 200 the device. A body without a name of
 * 1–60 characters is refused here (400); the hub's 401 and 404 are relayed as they are.
 */
export async function PATCH(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  return relayParsedBody(
    request,
    `/api/devices/${encodeURIComponent(id)}`,
    { method: "PATCH", schema: DeviceRenameBodySchema },
    (error) => error.issues[0]?.message ?? "Send a JSON body with a name.",
  );
}

/** True when the hub no longer accepts this browser's token. */
async function tokenWasRevoked(): Promise<boolean> {
  const token = await readToken();
  if (token === undefined) return true;
  const me = await fetchHub("/api/auth/me", { method: "GET", token });
  return me?.status === 401;
}
