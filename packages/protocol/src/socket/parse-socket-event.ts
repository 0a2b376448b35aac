import { z } from "zod";
import { SERVER_TO_CLIENT_EVENTS } from "./socket-events";
import type { ServerToClientEventName, ServerToClientPayload } from "./socket-events";

/**
 * The table seen as one schema per name of that name's payload: indexed with a generic name,
 * this type yields that event's schema, where the table's own type yields a union of them all.
 */
const SCHEMA_OF: { [Name in ServerToClientEventName]: z.ZodType<ServerToClientPayload<Name>> } =
  SERVER_TO_CLIENT_EVENTS;

/** A server→client payload its event's schema refused; the message names the event. */
export class SocketEventError extends Error {
  override readonly name = "SocketEventError";

  constructor(
    /** The event whose payload was refused. */
    readonly event: ServerToClientEventName,
    /** What the schema said, with every issue. */
    override readonly cause: z.ZodError,
  ) {
    super(`socket event "${event}" carried an invalid payload:\n${z.prettifyError(cause)}`);
  }
}

/** The outcome of `parseSocketEvent`, shaped like zod's `safeParse`. */
export type SocketEventParse<Name extends ServerToClientEventName> =
  | { success: true; data: ServerToClientPayload<Name> }
  | { success: false; error: SocketEventError };

/**
 * Validates what a device received for a server→client event against that event's schema in
 * SERVER_TO_CLIENT_EVENTS. A device must not trust a payload for its type alone: a hub of
 * another version, or a bug, can send anything.
 *
 * @example
 * socket.on("inquiry:new", (payload) => {
 *   const parsed = parseSocketEvent("inquiry:new", payload);
 *   if (parsed.success) show(parsed.data);
 *   else console.warn(parsed.error.message);
 * });
 */
export function parseSocketEvent<Name extends ServerToClientEventName>(
  name: Name,
  payload: unknown,
): SocketEventParse<Name> {
  const result = SCHEMA_OF[name].safeParse(payload);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, error: new SocketEventError(name, result.error) };
}
