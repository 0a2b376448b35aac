import { APPROVAL_RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";

/** A tool call the demo model decided to make: name and arguments. */
export interface DemoToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** The rows "delete the old rows" removes: everything created before this day. */
export const OLD_ROWS_CUTOFF = "2025-01-01";

const SAVE_NOTE_PATTERN =
  /\bsave\s+(?:a\s+)?note\s+saying\s+(.+?)\s+(?:to|in|into)\s+([\w./-]+?)[.!]?\s*$/i;
const DELETE_OLD_ROWS_PATTERN = /\bdelete\s+(?:the\s+)?old\s+(?:rows|notes)\b/i;
const QUOTES = /^["'“‘](.*)["'”’]$/u;

/**
 * The side-effecting request in a user message, if any: "save a note saying X to notes.txt"
 * → `write_file {path, content: X}` (surrounding quotes dropped); "delete the old rows" →
 * `execute_sql` deleting notes created before {@link OLD_ROWS_CUTOFF}. These are the calls
 * the approval proxy gates, so they show a person's decision end to end.
 */
export function findDemoAction(text: string): DemoToolCall | undefined {
  const note = SAVE_NOTE_PATTERN.exec(text.trim());
  if (note?.[1] !== undefined && note[2] !== undefined) {
    const content = note[1].replace(QUOTES, "$1");
    return { name: "write_file", args: { path: note[2], content } };
  }
  if (DELETE_OLD_ROWS_PATTERN.test(text))
    return {
      name: "execute_sql",
      args: { query: `DELETE FROM notes WHERE created_at < '${OLD_ROWS_CUTOFF}'` },
    };
  return undefined;
}

const REASON_PATTERN = /Their message: "(.*)"\./s;
const WROTE_PATTERN = /^Wrote \d+ bytes to (.+) in the sandbox\./;

/** What the demo call was meant to do, in words: "save notes.txt", "delete the old rows". */
function intentOf(call: DemoToolCall): string {
  return call.name === "write_file" ? `save ${String(call.args.path)}` : "delete the old rows";
}

/**
 * The reply after a demo action's tool result. A refusal quotes the person's reason; a
 * timeout or withdrawal says nothing ran; success says what changed (for write_file, the
 * path the upstream reports and the content asked for).
 */
export function replyAfterAction(call: DemoToolCall, result: string): string {
  if (result.startsWith(APPROVAL_RESULT_OPENINGS.rejected)) {
    const reason = REASON_PATTERN.exec(result)?.[1];
    const because = reason === undefined ? "" : ` Their reason: "${reason}".`;
    return `The person refused to let me ${intentOf(call)}, so nothing was changed.${because}`;
  }
  if (result.startsWith(APPROVAL_RESULT_OPENINGS.timeout))
    return `Nobody decided in time whether I may ${intentOf(call)}, so nothing was changed.`;
  if (result.startsWith(APPROVAL_RESULT_OPENINGS.cancelled))
    return `The approval to ${intentOf(call)} was withdrawn, so nothing was changed.`;
  if (result.startsWith(TOOL_ERROR_PREFIX))
    return `I could not ${intentOf(call)}: ${result.slice(TOOL_ERROR_PREFIX.length)}`;
  if (call.name === "write_file") {
    const path = WROTE_PATTERN.exec(result)?.[1] ?? String(call.args.path);
    return `Saved the file ${path} with the content "${String(call.args.content)}".`;
  }
  return `Done: ${result.split("\n")[0] ?? result}`;
}
