import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { waitFor } from "../helpers";

const CancelSchema = z.object({
  method: z.literal("notifications/cancelled"),
  params: z.looseObject({ requestId: z.union([z.string(), z.number()]) }),
});

const ResponseSchema = z.looseObject({ id: z.union([z.string(), z.number()]) });

/**
 * An official SDK v1 client whose cancels wait until the test lets them go. When its request
 * timeout fires, the SDK rejects the call and sends `notifications/cancelled` for it; holding
 * that notification back makes deterministic the race a real network only makes likely: the
 * hub hands the call its result before the client's cancel reaches it.
 */
export interface HeldCancelClient {
  client: Client;
  /** The request id of the first cancel the client sent and this holds back. */
  firstCancel(): Promise<RequestId>;
  /** Resolves once a response to `requestId` reached the client, waited for or not. */
  responseArrived(requestId: RequestId): Promise<void>;
  /** Sends the held cancels on to the hub; resolves once the hub took them. */
  releaseCancels(): Promise<void>;
  close(): Promise<void>;
}

/** Connects to `url` (an MCP endpoint of the hub) with `token`. */
export async function connectHeldCancelClient(url: URL, token: string): Promise<HeldCancelClient> {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: "late-cancel-test", version: "1.0.0" });
  await client.connect(transport);

  const held: {
    message: JSONRPCMessage | JSONRPCMessage[];
    options?: TransportSendOptions | undefined;
  }[] = [];
  const cancelledIds: RequestId[] = [];
  const answeredIds = new Set<RequestId>();
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const cancel = CancelSchema.safeParse(message);
    if (!cancel.success) return send(message, options);
    held.push({ message, options });
    cancelledIds.push(cancel.data.params.requestId);
    return Promise.resolve();
  };
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    const response = ResponseSchema.safeParse(message);
    if (response.success && ("result" in message || "error" in message))
      answeredIds.add(response.data.id);
    deliver?.(message);
  };

  return {
    client,
    firstCancel: () => waitFor(() => Promise.resolve(cancelledIds[0])),
    async responseArrived(requestId) {
      await waitFor(() => Promise.resolve(answeredIds.has(requestId) || undefined));
    },
    async releaseCancels() {
      for (const { message, options } of held.splice(0)) await send(message, options);
    },
    close: () => client.close(),
  };
}
