import {
  CLIENT_CAPABILITIES_META_KEY_V2,
  ClientTaskCapabilityEnvelopeV2Schema,
  TASKS_EXTENSION_ID_V2,
} from "@modelcontextprotocol/ext-tasks/core/v2";
import { MissingRequiredClientCapabilityError } from "@modelcontextprotocol/server";
import type { ServerContext } from "@modelcontextprotocol/server";

/**
 * Whether this request declared the Tasks extension in its per-request client capabilities
 * (2026-07-28 `_meta` envelope). Only then may a call be answered with a task: the spec
 * forbids a CreateTaskResult to any request that did not declare it, whatever came before.
 */
export function requestAcceptsTasks(ctx: ServerContext): boolean {
  const envelope: Record<string, unknown> = { ...ctx.mcpReq.envelope };
  return ClientTaskCapabilityEnvelopeV2Schema.safeParse(envelope[CLIENT_CAPABILITIES_META_KEY_V2])
    .success;
}

/** `tasks/*` from a request that did not declare the extension: -32021, as the spec says. */
export function requireTasksCapability(ctx: ServerContext): void {
  if (!requestAcceptsTasks(ctx))
    throw new MissingRequiredClientCapabilityError({
      requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID_V2]: {} } },
    });
}
