import type { AgentStreamEvent } from "./agent-stream-event";
import { parseAgentSseData } from "./agent-stream-event";
import { MAX_REPLY_PARTS, MAX_REPLY_TEXT } from "../hub-http";
import type { ReplyPart } from "../hub-http";

/** Longest error message a reply part keeps (the schema's bound). */
const MAX_ERROR_MESSAGE = 2_000;

/**
 * Folds the events of one agent stream into the parts of the stored reply, in stream order:
 * adjacent content deltas merge into one text part, every question the agent opened becomes
 * an `inquiry` part (once, even if a resumed run re-announces it), an error event an `error`
 * part. Everything else (closings, heartbeats, `[DONE]`) leaves no trace. The result always
 * satisfies `ReplyPartSchema` and the reply bounds: text past `MAX_REPLY_TEXT` and parts past
 * `MAX_REPLY_PARTS` are dropped. The one builder behind the agent's turn reports and the web's
 * replies from plain OpenAI backends.
 *
 * @example
 * replyPartsFromEvents([{ type: "content", text: "Hel" }, { type: "content", text: "lo" }])
 * // [{ type: "text", text: "Hello" }]
 */
export function replyPartsFromEvents(events: Iterable<AgentStreamEvent>): ReplyPart[] {
  const parts: ReplyPart[] = [];
  const inquiries = new Set<string>();
  let textBudget = MAX_REPLY_TEXT;
  const add = (part: ReplyPart): void => {
    if (parts.length < MAX_REPLY_PARTS) parts.push(part);
  };
  for (const event of events) {
    switch (event.type) {
      case "content": {
        const text = event.text.slice(0, textBudget);
        if (text === "") break;
        textBudget -= text.length;
        const last = parts.at(-1);
        if (last?.type === "text") last.text += text;
        else add({ type: "text", text });
        break;
      }
      case "inquiry_opened":
        if (inquiries.has(event.inquiry.inquiryId)) break;
        inquiries.add(event.inquiry.inquiryId);
        add({ type: "inquiry", inquiryId: event.inquiry.inquiryId });
        break;
      case "error": {
        const message = event.message.trim().slice(0, MAX_ERROR_MESSAGE);
        add({ type: "error", message: message === "" ? "The run failed." : message });
        break;
      }
      case "inquiry_closed":
      case "done":
      case "ignored":
        break;
    }
  }
  return parts;
}

/** {@link replyPartsFromEvents} over the raw SSE `data` strings of an OpenAI-compatible stream. */
export function replyPartsFromSseData(data: Iterable<string>): ReplyPart[] {
  return replyPartsFromEvents([...data].map(parseAgentSseData));
}
