import path from "node:path";
import { APPROVAL_RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { z } from "zod";
import { actionTexts } from "./demo-action-texts";
import type { ActionTexts } from "./demo-action-texts";
import type { DemoIntent } from "./demo-intents";
import type { DemoLanguage } from "./demo-language";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";

/** A tool call the demo model decided to make: name and arguments. */
export interface DemoToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** The rows "delete the old rows" removes: everything created before this day. */
export const OLD_ROWS_CUTOFF = "2025-01-01";

/** The requests the demo tools can carry out. */
export type ActionIntent = Extract<
  DemoIntent,
  { kind: "write_file" | "delete_old_rows" | "show_notes" }
>;

/** The tools whose results {@link replyAfterAction} reads. */
export const ACTION_TOOLS: ReadonlySet<string> = new Set(["write_file", "execute_sql"]);

/**
 * The tool call for a request the demo tools can carry out: a file write →
 * `write_file {path, content}`; "delete the old rows" → `execute_sql` deleting notes created
 * before {@link OLD_ROWS_CUTOFF}; "show my notes" → `execute_sql` selecting them. Writes and
 * deletes are the calls the approval proxy gates, so they show a person's decision end to end.
 */
export function actionCall(intent: ActionIntent): DemoToolCall {
  switch (intent.kind) {
    case "write_file":
      return { name: "write_file", args: { path: intent.path, content: intent.content } };
    case "delete_old_rows":
      return {
        name: "execute_sql",
        args: { query: `DELETE FROM notes WHERE created_at < '${OLD_ROWS_CUTOFF}'` },
      };
    case "show_notes":
      return { name: "execute_sql", args: { query: "SELECT * FROM notes" } };
  }
}

const REASON_PATTERN = /Their message: "(.*)"\./s;
/**
 * write_file's report (apps/demo-tools): the path it really wrote, then what the file holds as
 * a JSON string (its first 2,000 characters when longer).
 */
const WROTE_PATTERN =
  /^Wrote \d+ bytes to (.+) in the sandbox\.\nContent(?: \(first \d+ characters\))?: (".*")$/s;
/** execute_sql's report: a summary line, then the rows as JSON. */
const SQL_SUMMARY = /^(\d+) row(?:\(s\))? (selected|inserted|deleted)\.$/;
const NoteRowsSchema = z.array(
  z.object({ id: z.number(), title: z.string(), created_at: z.string() }),
);

/** What the call was meant to do, in words: "save notes.txt", "delete the old rows". */
function intentOf(call: DemoToolCall, texts: ActionTexts): string {
  if (call.name === "write_file") return texts.saveIntent(String(call.args.path));
  const query = String(call.args.query);
  if (/^\s*delete\b/i.test(query)) return texts.deleteOldRowsIntent;
  if (/^\s*select\b/i.test(query)) return texts.showNotesIntent;
  return texts.runSqlIntent(query);
}

/**
 * The reply after write_file ran, from the path and content the tool reports: an approver may
 * have edited either, and the reply names what the file holds, never what was first asked for.
 */
function afterWrite(call: DemoToolCall, result: string, texts: ActionTexts): string {
  const wrote = WROTE_PATTERN.exec(result.trim());
  const written = z.string().safeParse(wrote?.[2] === undefined ? undefined : JSON.parse(wrote[2]));
  if (wrote?.[1] === undefined || !written.success)
    return texts.done(result.split("\n")[0] ?? result);
  const outcome = {
    askedPath: path.posix.normalize(String(call.args.path).replaceAll("\\", "/")),
    askedContent: String(call.args.content),
    writtenPath: wrote[1],
    writtenContent: written.data,
  };
  return outcome.writtenPath === outcome.askedPath &&
    outcome.writtenContent === outcome.askedContent
    ? texts.saved(outcome.writtenPath, outcome.writtenContent)
    : texts.savedEdited(outcome);
}

/** The reply after execute_sql ran, from the rows it reports (an edited query's, too). */
function afterSql(result: string, texts: ActionTexts): string {
  const [summary = result, ...rest] = result.split("\n");
  const kind = SQL_SUMMARY.exec(summary)?.[2];
  let rows;
  try {
    rows = NoteRowsSchema.safeParse(JSON.parse(rest.join("\n")));
  } catch {
    return texts.done(summary);
  }
  if (!rows.success) return texts.done(summary);
  if (kind === "deleted") return texts.deleted(rows.data);
  if (kind === "selected") return texts.found(rows.data);
  const added = rows.data[0];
  return kind === "inserted" && added !== undefined
    ? texts.added(added.title)
    : texts.done(summary);
}

/**
 * The reply after a demo action's tool result, in the person's language. A refusal quotes
 * the person's reason; a timeout or withdrawal says nothing ran; success says what ran as
 * the tool reports it (the path and size written, the rows deleted or found), so a call the
 * approver edited is never reported as the one first asked for.
 */
export function replyAfterAction(
  call: DemoToolCall,
  result: string,
  language: DemoLanguage,
): string {
  const texts = actionTexts(language);
  if (result.startsWith(APPROVAL_RESULT_OPENINGS.rejected))
    return texts.refused(intentOf(call, texts), REASON_PATTERN.exec(result)?.[1]);
  if (result.startsWith(APPROVAL_RESULT_OPENINGS.timeout))
    return texts.timedOut(intentOf(call, texts));
  if (result.startsWith(APPROVAL_RESULT_OPENINGS.cancelled))
    return texts.withdrawn(intentOf(call, texts));
  if (result.startsWith(TOOL_ERROR_PREFIX))
    return texts.failed(intentOf(call, texts), result.slice(TOOL_ERROR_PREFIX.length));
  return call.name === "write_file" ? afterWrite(call, result, texts) : afterSql(result, texts);
}
