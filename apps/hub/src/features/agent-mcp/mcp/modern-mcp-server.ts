import type { McpServerFactory } from "@modelcontextprotocol/server";
import { createHubMcpServer } from "./hub-mcp-server";
import type { HubToolDeps } from "./hub-mcp-server";
import type { InquiryTasks } from "../../inquiries/inquiry-tasks";
import { readModernCaller } from "../../accounts/mcp/modern-caller";
import { parseSessionOptions } from "../../../platform/mcp/session-options";
import { modernInquiryTasks } from "../../inquiries/mcp/tasks/inquiry-task-methods";
import { enableInquiryTasks } from "../../inquiries/mcp/tasks/inquiry-task-starter";

/** The hub tools' dependencies, plus the task store only 2026-07-28 requests use. */
export interface ModernToolDeps extends HubToolDeps {
  /** Serves send_inquiry as a task to requests that declare the Tasks extension. */
  tasks: InquiryTasks;
}

/** A never-aborting signal, for a request served without its HTTP exchange at hand. */
const STAYS_OPEN = new AbortController().signal;

/**
 * Creates the factory `createMcpHandler` calls once per 2026-07-28 request. Everything the
 * request needs comes with it: the caller from `authInfo` (see modern-caller.ts), the
 * `?timeout=&description=&prompt_description=&yolo=` options from its URL, exactly as a
 * legacy session takes them from its initialize request. Nothing outlives the request, so
 * any hub node serves any request. The request's abort signal (its HTTP exchange closing)
 * is the carrier going away: a keyed send_inquiry then leaves its inquiry pending for the
 * client's retry with the same key, on whichever node that retry lands. Every per-request
 * server serves the Tasks extension (`server/discover` included, so clients see it
 * advertised), bound to the request's credential; legacy sessions never get it.
 */
export function createModernMcpServerFactory(deps: ModernToolDeps): McpServerFactory {
  return (request) => {
    const caller = readModernCaller(request.authInfo);
    const query = new URL(request.requestInfo?.url ?? "http://localhost/").searchParams;
    return createHubMcpServer(deps, {
      ...caller,
      options: parseSessionOptions(Object.fromEntries(query)),
      carrierGone: request.requestInfo?.signal ?? STAYS_OPEN,
      enableTasks: (server) =>
        enableInquiryTasks(
          server,
          {
            tasks: deps.tasks,
            caller: { userId: caller.userId, credentialId: caller.deviceId },
            logger: deps.logger,
          },
          modernInquiryTasks,
        ),
    });
  };
}
