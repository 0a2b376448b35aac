import { SocketTicketSchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import { requestJson } from "@/lib/client/api-client";
import { ApiClientError } from "@/lib/client/api-client-error";

/** What `POST /api/socket-ticket` of this web app returns. */
export const WebSocketTicketSchema = SocketTicketSchema.extend({
  /** The hub origin to open the Socket.IO connection to. */
  hubUrl: z.url(),
  /** This browser's device id, when its login recorded it. */
  deviceId: z.string().optional(),
});
export type WebSocketTicket = z.infer<typeof WebSocketTicketSchema>;

export type TicketResult =
  | { kind: "ok"; ticket: WebSocketTicket }
  /** The session is gone or the device revoked: the page must go to the login screen. */
  | { kind: "unauthorized" }
  /** Network trouble or a hub hiccup: try again later. */
  | { kind: "failed" };

/** Asks the web app for a fresh single-use Socket.IO ticket. Never throws. */
export async function requestSocketTicket(): Promise<TicketResult> {
  try {
    return {
      kind: "ok",
      ticket: await requestJson("/api/socket-ticket", WebSocketTicketSchema, { method: "POST" }),
    };
  } catch (error) {
    return error instanceof ApiClientError && error.status === 401
      ? { kind: "unauthorized" }
      : { kind: "failed" };
  }
}
