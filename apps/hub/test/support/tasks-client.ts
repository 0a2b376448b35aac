import { createTaskSessionFromClient } from "@modelcontextprotocol/ext-tasks/client";
import type {
  RawClientDispatch,
  TaskEnabledSession,
  WithTasksOptions,
} from "@modelcontextprotocol/ext-tasks/client";
import { z } from "zod";
import { MODERN_PROTOCOL_VERSION, connectModernMcp } from "./modern-mcp-client";

/** The official ext-tasks client on the hub's `/mcp` (or a proxy's), and how to shut it down. */
export interface TasksClient {
  session: TaskEnabledSession;
  /** The origin each HTTP request went to, SDK requests and raw task requests alike. */
  sentTo: string[];
  /** The raw requests the ext-tasks client sent (tools/call, tasks/*), in order. */
  rawSent: RawRequest[];
  /** Sends one raw request as the ext-tasks client does, e.g. one it would never send. */
  dispatch(request: RawRequest): Promise<RawReply>;
  close(): Promise<void>;
}

/** How the test client answers the input requests of its tasks. */
export interface TasksClientOptions {
  onInputRequest?: WithTasksOptions["onInputRequest"];
  /**
   * The endpoint identity task references are scoped to; by default the first hub's `/mcp`.
   * Clients reaching nodes behind one load balancer share its public address here.
   */
  endpointId?: string;
  /** The MCP endpoint's path, e.g. `/proxy/demo/mcp`; `/mcp` by default. */
  path?: string;
}

const CLIENT_INFO = { name: "hub-test-tasks", version: "1.0.0" };

const RawRequestSchema = z.looseObject({
  method: z.string(),
  params: z.record(z.string(), z.json()).optional(),
});

const JsonRpcReplySchema = z.union([
  z.object({ result: z.json() }),
  z.object({ error: z.object({ code: z.int(), message: z.string(), data: z.json().optional() }) }),
]);

/** A JSON-RPC request of the Tasks wire, without `jsonrpc` and `id`. */
export type RawRequest = z.infer<typeof RawRequestSchema>;

/** The result or the error of a raw request, as the ext-tasks client takes it. */
export type RawReply = Awaited<ReturnType<RawClientDispatch>>;

/**
 * A task session of the official ext-tasks client, as an MCP host would build one: an SDK v2
 * client negotiated with `/mcp` (through the round-robin of `hubs`, see connectModernMcp),
 * plus the raw dispatch the ext-tasks client demands for 2026-07-28 `tools/call` and
 * `tasks/*` (the SDK's own codecs reject task results), sent through the same round-robin.
 * Each call of this function is a fresh client process: nothing is shared with another.
 */
export async function connectTasksClient(
  hubs: readonly URL[],
  token: string,
  { endpointId, onInputRequest, path = "/mcp" }: TasksClientOptions = {},
): Promise<TasksClient> {
  const modern = await connectModernMcp(hubs, token, "", { path });
  const endpoint = new URL(path, hubs[0]);
  let nextId = 1;
  const rawSent: RawRequest[] = [];
  async function dispatch(message: RawRequest): Promise<RawReply> {
    rawSent.push(message);
    const name = message.params?.name ?? message.params?.taskId;
    const response = await modern.fetch(endpoint, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": MODERN_PROTOCOL_VERSION,
        "mcp-method": message.method,
        ...(typeof name === "string" ? { "mcp-name": name } : {}),
      },
      body: JSON.stringify({ ...message, jsonrpc: "2.0", id: `raw-${nextId++}` }),
    });
    const reply = JsonRpcReplySchema.parse(await response.json());
    return "error" in reply
      ? { kind: "error", error: reply.error }
      : { kind: "result", result: reply.result };
  }
  const session = createTaskSessionFromClient(modern.client, {
    endpointId: endpointId ?? endpoint.href,
    ...(onInputRequest === undefined ? {} : { onInputRequest }),
    v2RequestFraming: {
      protocolVersion: MODERN_PROTOCOL_VERSION,
      clientInfo: CLIENT_INFO,
      clientCapabilities: {},
    },
    rawDispatch: (request) => dispatch(RawRequestSchema.parse(request)),
  });
  return {
    session,
    sentTo: modern.sentTo,
    rawSent,
    dispatch,
    async close() {
      await session.close();
      await modern.client.close();
    },
  };
}
