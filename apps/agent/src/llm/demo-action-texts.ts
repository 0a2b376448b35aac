import type { DemoLanguage } from "./demo-language";

/** One row of the demo notes table, as execute_sql returns it. */
export interface NoteRow {
  id: number;
  title: string;
  created_at: string;
}

/** What a write_file call asked for and what the tool reports it wrote. */
export interface WriteOutcome {
  askedPath: string;
  askedContent: string;
  writtenPath: string;
  /** What the file holds after the call, as the tool reports it. */
  writtenContent: string;
}

/**
 * The demo agent's words about the calls the approval proxy gates, in each language it
 * replies in. `intent` phrases ("save notes.txt") fit into the refusal and failure sentences.
 */
export interface ActionTexts {
  saveIntent: (path: string) => string;
  deleteOldRowsIntent: string;
  showNotesIntent: string;
  runSqlIntent: (query: string) => string;
  refused: (intent: string, reason: string | undefined) => string;
  timedOut: (intent: string) => string;
  withdrawn: (intent: string) => string;
  failed: (intent: string, reason: string) => string;
  saved: (path: string, content: string) => string;
  /** The call ran with arguments the approver edited: the written path or content differs. */
  savedEdited: (outcome: WriteOutcome) => string;
  deleted: (rows: readonly NoteRow[]) => string;
  found: (rows: readonly NoteRow[]) => string;
  added: (title: string) => string;
  done: (summary: string) => string;
}

function rowLines(rows: readonly NoteRow[]): string {
  return rows.map((row) => `- #${row.id} ${row.title} (${row.created_at.slice(0, 10)})`).join("\n");
}

const ENGLISH: ActionTexts = {
  saveIntent: (path) => `save ${path}`,
  deleteOldRowsIntent: "delete the old rows",
  showNotesIntent: "read the notes table",
  runSqlIntent: (query) => `run ${query}`,
  refused: (intent, reason) =>
    `The person refused to let me ${intent}, so nothing was changed.` +
    (reason === undefined ? "" : ` Their reason: "${reason}".`),
  timedOut: (intent) => `Nobody decided in time whether I may ${intent}, so nothing was changed.`,
  withdrawn: (intent) => `The approval to ${intent} was withdrawn, so nothing was changed.`,
  failed: (intent, reason) => `I could not ${intent}: ${reason}`,
  saved: (path, content) => `Saved the file ${path} with the content "${content}".`,
  savedEdited: ({ askedPath, askedContent, writtenPath, writtenContent }) => {
    const movedFrom = writtenPath === askedPath ? "" : ` instead of ${askedPath}`;
    const changed = writtenContent === askedContent ? "" : ` (I had asked for "${askedContent}")`;
    return `The call was edited when it was approved, so this is what ran: I saved ${writtenPath}${movedFrom} with the content "${writtenContent}"${changed}.`;
  },
  deleted: (rows) =>
    rows.length === 0
      ? "Nothing was deleted: no row matched."
      : `Deleted ${rows.length} row(s) from the notes table:\n${rowLines(rows)}`,
  found: (rows) =>
    rows.length === 0
      ? "The notes table has no matching rows."
      : `Found ${rows.length} note(s):\n${rowLines(rows)}`,
  added: (title) => `Added the note "${title}" to the notes table.`,
  done: (summary) => `Done: ${summary}`,
};

const CHINESE: ActionTexts = {
  saveIntent: (path) => `保存 ${path}`,
  deleteOldRowsIntent: "删除旧记录",
  showNotesIntent: "读取笔记表",
  runSqlIntent: (query) => `运行 ${query}`,
  refused: (intent, reason) =>
    `对方拒绝让我${intent}，所以什么都没有改。` +
    (reason === undefined ? "" : `对方的理由：“${reason}”。`),
  timedOut: (intent) => `没有人及时决定是否允许我${intent}，所以什么都没有改。`,
  withdrawn: (intent) => `“${intent}”的批准请求被撤回了，所以什么都没有改。`,
  failed: (intent, reason) => `我没能${intent}：${reason}`,
  saved: (path, content) => `已保存文件 ${path}，内容为“${content}”。`,
  savedEdited: ({ askedPath, askedContent, writtenPath, writtenContent }) => {
    const movedFrom = writtenPath === askedPath ? "" : `（不是 ${askedPath}）`;
    const changed = writtenContent === askedContent ? "" : `（我原本请求的是“${askedContent}”）`;
    return `这次调用在批准时被修改了，实际执行的是：我保存了 ${writtenPath}${movedFrom}，内容为“${writtenContent}”${changed}。`;
  },
  deleted: (rows) =>
    rows.length === 0
      ? "没有删除任何行：没有符合条件的行。"
      : `已从笔记表删除 ${rows.length} 行：\n${rowLines(rows)}`,
  found: (rows) =>
    rows.length === 0
      ? "笔记表里没有符合条件的行。"
      : `找到 ${rows.length} 条笔记：\n${rowLines(rows)}`,
  added: (title) => `已在笔记表中添加笔记“${title}”。`,
  done: (summary) => `完成：${summary}`,
};

/** The action texts in a language. */
export function actionTexts(language: DemoLanguage): ActionTexts {
  return language === "zh" ? CHINESE : ENGLISH;
}
