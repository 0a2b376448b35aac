import type { FinalInquiryStatus } from "../inquiry";
import { ChatCompletionChunkSchema, StreamErrorSchema } from "./chunk";
import { ProgressNotificationSchema, readInquiryMeta } from "../mcp";
import type { InquiryOpenedMeta } from "../mcp";

/** One event of the agent's SSE stream, as a chat client needs it. */
export type AgentStreamEvent =
  | { type: "content"; text: string }
  | { type: "inquiry_opened"; inquiry: InquiryOpenedMeta; runId?: string }
  | { type: "inquiry_closed"; inquiryId: string; status: FinalInquiryStatus }
  | { type: "error"; message: string }
  | { type: "done" }
  | { type: "ignored" };

const IGNORED: AgentStreamEvent = { type: "ignored" };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * The text of a chunk that is nothing but a content delta — most chunks of any stream — read
 * without the full schema, which is reserved for the rarer chunks that carry a notification.
 * Undefined for any other shape, which then takes the validated path.
 */
function plainContentDelta(json: Record<string, unknown>): string | undefined {
  const choices = json.choices;
  if (!Array.isArray(choices)) return undefined;
  const first: unknown = choices[0];
  if (!isObject(first) || !isObject(first.delta)) return undefined;
  const delta = first.delta;
  if ("chatos_additional_data" in delta) return undefined;
  return typeof delta.content === "string" ? delta.content : undefined;
}

function eventFromNotification(serialized: string, runId: string | undefined): AgentStreamEvent {
  const notification = ProgressNotificationSchema.safeParse(parseJson(serialized));
  if (!notification.success) return IGNORED;
  const meta = readInquiryMeta(notification.data);
  switch (meta?.type) {
    case "INQUIRY":
    case "APPROVAL":
      return runId === undefined
        ? { type: "inquiry_opened", inquiry: meta }
        : { type: "inquiry_opened", inquiry: meta, runId };
    case "INQUIRY_CLOSED":
      return { type: "inquiry_closed", inquiryId: meta.inquiryId, status: meta.status };
    case "INQUIRY_HEARTBEAT":
    case undefined:
      return IGNORED;
  }
}

/**
 * Turns the `data` of one SSE event from an OpenAI-compatible stream into a typed event.
 * Never throws: anything it does not recognise is `ignored`, so a newer or foreign sender
 * cannot break a chat client.
 *
 * @example parseAgentSseData("[DONE]") // { type: "done" }
 */
export function parseAgentSseData(data: string): AgentStreamEvent {
  const trimmed = data.trim();
  if (trimmed === "[DONE]") return { type: "done" };
  const json = parseJson(trimmed);
  if (!isObject(json)) return IGNORED;
  if ("error" in json) {
    const streamError = StreamErrorSchema.safeParse(json);
    if (streamError.success) return { type: "error", message: streamError.data.error.message };
  }
  const plainText = plainContentDelta(json);
  if (plainText !== undefined) {
    return plainText.length > 0 ? { type: "content", text: plainText } : IGNORED;
  }
  const chunk = ChatCompletionChunkSchema.safeParse(json);
  if (!chunk.success) return IGNORED;
  const delta = chunk.data.choices[0]?.delta;
  const forwarded = delta?.chatos_additional_data?.mcp_progress_notification_data;
  if (typeof forwarded === "string") {
    return eventFromNotification(forwarded, chunk.data.agent_info?.run_id);
  }
  if (typeof delta?.content === "string" && delta.content.length > 0) {
    return { type: "content", text: delta.content };
  }
  return IGNORED;
}
