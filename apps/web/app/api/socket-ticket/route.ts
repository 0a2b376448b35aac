import { SocketTicketSchema } from "@inquiry-hub/protocol";
import { jsonError } from "@/lib/server/api-error";
import { callHub } from "@/lib/server/hub-proxy";
import { hubUrlForRequest } from "@/lib/server/hub-url";
import { endSession, readDeviceId } from "@/lib/server/session";
import { relayResponse } from "@/lib/server/upstream";

export const dynamic = "force-dynamic";

/**
 * POST → `{ticket, expiresAt, hubUrl, deviceId?}`: a single-use Socket.IO handshake ticket,
 * the hub origin this browser should connect to, and this device's id. When the hub refuses
 * the token (revoked device), the session cookies are cleared and the 401 relayed.
 */
export async function POST(request: Request): Promise<Response> {
  const call = await callHub(request, "/api/socket-ticket", { method: "POST" });
  if (!call.ok) return call.response;
  if (call.upstream.status === 401) await endSession();
  if (!call.upstream.ok) return relayResponse(call.upstream);
  const ticket = SocketTicketSchema.safeParse(await call.upstream.json().catch(() => undefined));
  if (!ticket.success) return jsonError("UPSTREAM", "The hub sent an unexpected socket ticket.");
  const deviceId = await readDeviceId();
  return Response.json({
    ...ticket.data,
    hubUrl: hubUrlForRequest(request.headers),
    ...(deviceId === undefined ? {} : { deviceId }),
  });
}
