import type { IncomingMessage } from "node:http";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { readJsonRpcMessage } from "./jsonrpc-messages";
import { REFUSALS, header, isJsonContentType } from "./node-http-refusals";
import type { Refusal } from "./node-http-refusals";

/** The spec's cap on one POST's batch, as the SDK's own transport applies it. */
const MAX_BATCH = 100;

/**
 * The JSON-RPC messages of a session's POST, from the body Express parsed once: the headers
 * the spec requires, at most 100 messages, each checked against the SDK's own message schema
 * (once per body: see readJsonRpcMessage; the SDK's Protocol then validates each method's
 * params). A refusal otherwise.
 */
export function readPostMessages(
  req: IncomingMessage,
  body: unknown,
): { messages: JSONRPCMessage[] } | { refusal: Refusal } {
  const accept = header(req, "accept") ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream"))
    return { refusal: REFUSALS.postAccept };
  if (!isJsonContentType(req)) return { refusal: REFUSALS.contentType };
  const raw: unknown[] = Array.isArray(body) ? body : [body];
  if (raw.length > MAX_BATCH) return { refusal: REFUSALS.batchTooLarge };
  const messages: JSONRPCMessage[] = [];
  for (const item of raw) {
    const message = readJsonRpcMessage(item);
    if (message === undefined) return { refusal: REFUSALS.notJsonRpc };
    messages.push(message);
  }
  return { messages };
}
