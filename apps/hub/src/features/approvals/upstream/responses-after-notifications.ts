import { isJSONRPCResponse } from "@modelcontextprotocol/client";
import type { Transport } from "@modelcontextprotocol/client";

/**
 * Makes a connected upstream transport hand each response to the client one microtask late,
 * so every notification that came before it on the wire reaches its handler first. The SDK
 * client dispatches a notification a microtask after it arrives but settles a response at
 * once, dropping the request's progress handler with it: an upstream's last progress
 * notification, read in the same chunk as its result (usual on stdio), was lost as one for
 * an "unknown token", and the proxy could never relay it. Call after `client.connect`, which
 * installs the handler this wraps; ordering among responses is kept.
 */
export function deliverResponsesAfterNotifications(transport: Transport): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) return;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCResponse(message)) queueMicrotask(() => deliver(message, extra));
    else deliver(message, extra);
  };
}
