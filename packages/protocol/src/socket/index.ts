/**
 * The Socket.IO wire between the hub and devices: the handshake, the events each way and
 * the payloads devices send.
 */
export { SocketAnswerPayloadSchema, SocketReceiptPayloadSchema } from "./client-payloads";
export type { SocketAnswerPayload, SocketReceiptPayload } from "./client-payloads";
export type { ClientToServerEvents, ServerToClientEvents, SocketAck } from "./socket-events";
export { PROTOCOL_VERSION, SocketHandshakeAuthSchema, SocketRefusalSchema } from "./socket-auth";
export type { SocketHandshakeAuth, SocketRefusal } from "./socket-auth";
