import { parseSocketEvent } from "@inquiry-hub/protocol";
import type { ServerToClientEventName, ServerToClientPayload } from "@inquiry-hub/protocol";
import type { HubSocket } from "./connect-hub-socket";

/**
 * Listens to one hub event and hands on only a payload its schema in the protocol's event
 * table accepts (`parseSocketEvent`): a device does not trust a payload for its type alone,
 * since a hub of another version, or a bug, can send anything. A refused one is ignored.
 */
export function onHubEvent<Name extends ServerToClientEventName>(
  socket: HubSocket,
  name: Name,
  handle: (payload: ServerToClientPayload<Name>) => void,
): void {
  const listener = (payload: unknown) => {
    const parsed = parseSocketEvent(name, payload);
    if (parsed.success) handle(parsed.data);
  };
  // Socket.IO cannot resolve its listener type for a generic event name; the listener takes
  // `unknown`, which every event's payload is, and validates it before anything else.
  socket.on(name, listener as never);
}
