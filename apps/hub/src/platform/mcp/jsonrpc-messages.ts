import { JSONRPCMessageSchema } from "@modelcontextprotocol/core";
import { isInitializeRequest } from "@modelcontextprotocol/server";
import type {
  InitializeRequest,
  JSONRPCMessage,
  JSONRPCRequest,
  JSONRPCResponse,
} from "@modelcontextprotocol/server";

/** Each parsed body object's message, so the era router and the transport check it once. */
const checked = new WeakMap<object, JSONRPCMessage | null>();

/**
 * `value` checked against the SDK's JSON-RPC message schema (undefined when it is not one).
 * The result is kept per object of the body Express parsed, so the era router's check and the
 * session transport's are one zod parse, not two; the SDK's Protocol still validates each
 * method's params when it dispatches the message.
 */
export function readJsonRpcMessage(value: unknown): JSONRPCMessage | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  let message = checked.get(value);
  if (message === undefined) {
    const parsed = JSONRPCMessageSchema.safeParse(value);
    message = parsed.success ? parsed.data : null;
    checked.set(value, message);
  }
  return message ?? undefined;
}

// The SDK's four message schemas are strict objects: of a message that passed
// JSONRPCMessageSchema, a request is the only one with both `method` and `id`, and a response
// the only one without `method`. These read that instead of running a zod parse per guard
// (the SDK's `isJSONRPC*` guards), which allocated a failed parse's issues on every miss.

/** True for a request, of a message already checked (read by readJsonRpcMessage or sent by the SDK). */
export function isRequestMessage(message: JSONRPCMessage): message is JSONRPCRequest {
  return "method" in message && "id" in message;
}

/** True for a result or error response, of a message already checked. */
export function isResponseMessage(message: JSONRPCMessage): message is JSONRPCResponse {
  return !("method" in message);
}

/** The initialize request of a checked message, its params checked by the SDK's own guard. */
export function asInitializeRequest(message: JSONRPCMessage): InitializeRequest | undefined {
  return isRequestMessage(message) &&
    message.method === "initialize" &&
    isInitializeRequest(message)
    ? message
    : undefined;
}
