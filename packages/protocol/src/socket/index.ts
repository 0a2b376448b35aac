/**
 * The Socket.IO wire between the hub and devices: the handshake, the event table
 * (`name → schema`, both directions) from which the typed event maps derive, and
 * `parseSocketEvent` for a device to validate what it receives.
 */
export { SocketAnswerPayloadSchema, SocketReceiptPayloadSchema } from "./client-payloads";
export type { SocketAnswerPayload, SocketReceiptPayload } from "./client-payloads";
export { CLIENT_TO_SERVER_EVENTS, SERVER_TO_CLIENT_EVENTS } from "./socket-events";
export type {
  ClientToServerAck,
  ClientToServerEventName,
  ClientToServerEvents,
  ServerToClientEventName,
  ServerToClientEvents,
  ServerToClientPayload,
  SocketAck,
} from "./socket-events";
export { PROTOCOL_VERSION, SocketHandshakeAuthSchema, SocketRefusalSchema } from "./socket-auth";
export type { SocketHandshakeAuth, SocketRefusal } from "./socket-auth";
export { parseSocketEvent, SocketEventError } from "./parse-socket-event";
export type { SocketEventParse } from "./parse-socket-event";
