import type { ServerContext, Transport } from "@modelcontextprotocol/server";
import { z } from "zod";

/** The only protocol revision of the 2025 generation that has Tasks. */
const TASKS_REVISION = "2025-11-25";

/**
 * What a 2025-11-25 server declares when it takes task-augmented `tools/call`s and
 * `tasks/cancel`. No `list`: `tasks/list` would have to page through the credential's whole
 * inquiry history, and a task is always found again by its id.
 */
export const LEGACY_SERVER_TASKS_CAPABILITY = { cancel: {}, requests: { tools: { call: {} } } };

const TasksInitializeSchema = z.object({
  method: z.literal("initialize"),
  params: z.object({
    protocolVersion: z.literal(TASKS_REVISION),
    capabilities: z.object({ tasks: z.record(z.string(), z.unknown()) }),
  }),
});

/**
 * Whether a legacy session's `initialize` (its parsed body) asks for 2025-11-25 and declares
 * the client's `tasks` capability. Only such a session is offered tasks; every other client
 * sees exactly the wire it saw before (no `tasks` capability, no `execution` on tools).
 */
export function initializeDeclaresTasks(body: unknown): boolean {
  return TasksInitializeSchema.safeParse(body).success;
}

/**
 * Where the hub hands a `tools/call`'s `task` param to the tool: the SDK validates the
 * param on 2025-11-25 but gives a tool handler only the request's `_meta`.
 */
const TASK_PARAM_META_KEY = "io.inquiry-hub/task";

const TaskAugmentedCallSchema = z.looseObject({
  method: z.literal("tools/call"),
  params: z.looseObject({
    task: z.object({ ttl: z.number().optional() }),
    _meta: z.record(z.string(), z.unknown()).optional(),
  }),
});

const MetaCarryingCallSchema = z.looseObject({
  method: z.literal("tools/call"),
  params: z.looseObject({ _meta: z.record(z.string(), z.unknown()) }),
});

/** The message as the tool handler should see it: the key set iff `params.task` is. */
function withTaskMarked<Message>(message: Message): Message {
  const augmented = TaskAugmentedCallSchema.safeParse(message);
  if (augmented.success) {
    const { params } = augmented.data;
    const meta = { ...params._meta, [TASK_PARAM_META_KEY]: params.task };
    return { ...augmented.data, params: { ...params, _meta: meta } } as Message;
  }
  const carrying = MetaCarryingCallSchema.safeParse(message);
  if (!carrying.success || !(TASK_PARAM_META_KEY in carrying.data.params._meta)) return message;
  const meta = { ...carrying.data.params._meta };
  delete meta[TASK_PARAM_META_KEY];
  return { ...carrying.data, params: { ...carrying.data.params, _meta: meta } } as Message;
}

const ListToolsRequestSchema = z.looseObject({
  method: z.literal("tools/list"),
  id: z.union([z.string(), z.number()]),
});

const ListToolsResponseSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  result: z.looseObject({ tools: z.array(z.looseObject({ name: z.string() })) }),
});

/** A tools/list response with `execution` on each tool of `taskTools`. */
function withTaskSupport<Message>(
  listed: z.infer<typeof ListToolsResponseSchema>,
  taskTools: Readonly<Record<string, "optional" | "required">>,
): Message {
  const tools = listed.result.tools.map((tool) => {
    const taskSupport = taskTools[tool.name];
    return taskSupport === undefined ? tool : { ...tool, execution: { taskSupport } };
  });
  return { ...listed, result: { ...listed.result, tools } } as Message;
}

/**
 * Adapts a connected 2025-11-25 session that declared tasks to the Tasks wire where the SDK's
 * McpServer does not; call right after `server.connect(transport)`:
 *
 * - a `tools/call`'s `task` param reaches the tool (see legacyCallAcceptsTasks); a key a
 *   client put in `_meta` itself is removed, so only the spec's `task` param counts;
 * - `tools/list` marks each tool of `taskTools` with its `execution.taskSupport` (McpServer
 *   lists none). send_inquiry is `required`, so a task-aware host (the official ext-tasks
 *   client among them) calls it as a task by default. A plain call from such a session is
 *   still served, as a held call: the spec lets a receiver refuse it, but refusing would
 *   only break a client that works today.
 */
export function adaptLegacyTaskWire(
  transport: Transport,
  taskTools: Readonly<Record<string, "optional" | "required">>,
): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) throw new Error("adapt the task wire after connecting");
  const listings = new Set<string | number>();
  transport.onmessage = (message, extra) => {
    const listing = ListToolsRequestSchema.safeParse(message);
    if (listing.success) listings.add(listing.data.id);
    deliver(withTaskMarked(message), extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const listed = ListToolsResponseSchema.safeParse(message);
    if (!listed.success || !listings.delete(listed.data.id)) return send(message, options);
    return send(withTaskSupport<typeof message>(listed.data, taskTools), options);
  };
}

/** Whether this legacy `tools/call` carried the `task` param (see adaptLegacyTaskWire). */
export function legacyCallAcceptsTasks(ctx: ServerContext): boolean {
  return ctx.mcpReq._meta?.[TASK_PARAM_META_KEY] !== undefined;
}
