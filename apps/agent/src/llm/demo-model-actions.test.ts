import { describe, expect, it } from "vitest";
import { decideDemoStep } from "./demo-model";
import { OLD_ROWS_CUTOFF, actionCall, replyAfterAction } from "./demo-model-actions";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";
import type { ChatMessage, ModelEvent } from "../loop/model-provider";

const ALL_TOOLS = ["send_inquiry", "get_weather", "write_file", "execute_sql"];
const WRITE = { name: "write_file", args: { path: "notes.txt", content: "hello" } };
const REJECTED =
  'The person rejected the call to write_file, so it was not run. Their message: "not today". Do not retry the same call; adapt your plan or ask the person what they want instead.';
const OLD_ROWS = [
  { id: 1, title: "Buy oat milk", created_at: "2024-01-15T09:00:00.000Z" },
  { id: 2, title: "Call the plumber", created_at: "2024-06-02T14:30:00.000Z" },
];

function textOf(events: ModelEvent[]): string {
  return events.map((event) => (event.type === "content" ? event.text : "")).join("");
}

/** The conversation after `asked` made the demo call write_file with `args` and it returned `result`. */
function afterWrite(asked: string, args: unknown, result: string): ChatMessage[] {
  return [
    { role: "user", content: asked },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_1",
          type: "function",
          function: { name: "write_file", arguments: JSON.stringify(args) },
        },
      ],
    },
    { role: "tool", tool_call_id: "call_1", content: result },
  ];
}

describe("demo actions the approval proxy gates", () => {
  it("maps the notes-table requests to execute_sql", () => {
    expect(actionCall({ kind: "delete_old_rows" })).toEqual({
      name: "execute_sql",
      args: { query: `DELETE FROM notes WHERE created_at < '${OLD_ROWS_CUTOFF}'` },
    });
    expect(actionCall({ kind: "show_notes" })).toEqual({
      name: "execute_sql",
      args: { query: "SELECT * FROM notes" },
    });
  });

  it("calls the tool from the user's message, and says when it is missing", () => {
    const events = decideDemoStep(
      [{ role: "user", content: "把 hello 写入 notes.txt" }],
      ALL_TOOLS,
    );
    expect(events).toEqual([
      {
        type: "tool_call",
        call: expect.objectContaining({
          function: { name: "write_file", arguments: JSON.stringify(WRITE.args) },
        }) as unknown,
      },
    ]);
    const missing = decideDemoStep([{ role: "user", content: "delete the old rows" }], []);
    expect(textOf(missing)).toMatch(/execute_sql tool is not available/);
    const missingZh = decideDemoStep([{ role: "user", content: "删除旧记录" }], []);
    expect(textOf(missingZh)).toBe("工具 execute_sql 现在不可用，所以我做不了这件事。");
  });

  it("says the file was saved, with path and content, after the upstream wrote it as asked", () => {
    const wrote = 'Wrote 5 bytes to notes.txt in the sandbox.\nContent: "hello"';
    expect(replyAfterAction(WRITE, wrote, "en")).toBe(
      'Saved the file notes.txt with the content "hello".',
    );
    expect(replyAfterAction(WRITE, wrote, "zh")).toBe("已保存文件 notes.txt，内容为“hello”。");
  });

  it("after an edited approval, reports what the tool wrote, never the content first asked for", () => {
    const edited = textOf(
      decideDemoStep(
        afterWrite(
          "write hello to notes.txt",
          WRITE.args,
          'Wrote 11 bytes to notes.txt in the sandbox.\nContent: "hello again"',
        ),
        ALL_TOOLS,
      ),
    );
    expect(edited).toBe(
      'The call was edited when it was approved, so this is what ran: I saved notes.txt with the content "hello again" (I had asked for "hello").',
    );
    expect(edited).not.toMatch(/with the content "hello"/);
  });

  it("after an approval that moved the file, names the path the tool wrote", () => {
    expect(
      replyAfterAction(
        WRITE,
        'Wrote 5 bytes to scratch/notes.txt in the sandbox.\nContent: "hello"',
        "en",
      ),
    ).toBe(
      'The call was edited when it was approved, so this is what ran: I saved scratch/notes.txt instead of notes.txt with the content "hello".',
    );
    const zh = { name: "write_file", args: { path: "notes.txt", content: "买牛奶" } };
    expect(
      replyAfterAction(zh, 'Wrote 4 bytes to todo.md in the sandbox.\nContent: "买面包"', "zh"),
    ).toBe(
      "这次调用在批准时被修改了，实际执行的是：我保存了 todo.md（不是 notes.txt），内容为“买面包”（我原本请求的是“买牛奶”）。",
    );
  });

  it("says the person refused, quoting their reason, in their language", () => {
    expect(replyAfterAction(WRITE, REJECTED, "en")).toBe(
      'The person refused to let me save notes.txt, so nothing was changed. Their reason: "not today".',
    );
    expect(
      replyAfterAction(
        WRITE,
        "The person rejected the call to write_file, so it was not run. Do not retry.",
        "en",
      ),
    ).toBe("The person refused to let me save notes.txt, so nothing was changed.");
    expect(replyAfterAction(WRITE, REJECTED, "zh")).toBe(
      "对方拒绝让我保存 notes.txt，所以什么都没有改。对方的理由：“not today”。",
    );
  });

  it.each([
    [
      "No decision on the call to execute_sql came within 30 seconds, so it was not run.",
      /^Nobody decided in time whether I may delete the old rows/,
    ],
    ["The approval request for execute_sql was cancelled before anyone decided.", /withdrawn/],
    [`${TOOL_ERROR_PREFIX}upstream down`, /^I could not delete the old rows: upstream down$/],
    [
      `2 row(s) deleted.\n${JSON.stringify(OLD_ROWS)}`,
      /^Deleted 2 row\(s\) from the notes table:\n- #1 Buy oat milk \(2024-01-15\)\n- #2 Call the plumber/,
    ],
    ["0 row(s) deleted.\n[]", /^Nothing was deleted/],
    [
      `1 row inserted.\n${JSON.stringify([{ id: 4, title: "Water the plants", created_at: "2026-11-27T10:00:00.000Z" }])}`,
      /^Added the note "Water the plants" to the notes table\.$/,
    ],
    ["Query ran.", /^Done: Query ran\.$/],
  ])("after execute_sql returns %j", (result, expected) => {
    const call = { name: "execute_sql", args: { query: "DELETE FROM notes" } };
    expect(replyAfterAction(call, result, "en")).toMatch(expected);
  });

  it("lists the rows a SELECT found, in Chinese too", () => {
    const call = { name: "execute_sql", args: { query: "SELECT * FROM notes" } };
    const result = `2 row(s) selected.\n${JSON.stringify(OLD_ROWS)}`;
    expect(replyAfterAction(call, result, "zh")).toBe(
      "找到 2 条笔记：\n- #1 Buy oat milk (2024-01-15)\n- #2 Call the plumber (2024-06-02)",
    );
  });

  it("replies from the tool result in the conversation, in the language of the request", () => {
    expect(
      textOf(
        decideDemoStep(afterWrite("write hello to notes.txt", WRITE.args, REJECTED), ALL_TOOLS),
      ),
    ).toMatch(/refused.*"not today"/);
    expect(
      textOf(
        decideDemoStep(afterWrite("把 hello 写入 notes.txt", WRITE.args, REJECTED), ALL_TOOLS),
      ),
    ).toMatch(/^对方拒绝/);
    const chineseContent = { path: "notes.txt", content: "你好世界" };
    const wrote = 'Wrote 12 bytes to notes.txt in the sandbox.\nContent: "你好世界"';
    expect(
      textOf(
        decideDemoStep(afterWrite("write 你好世界 to notes.txt", chineseContent, wrote), ALL_TOOLS),
      ),
    ).toBe('Saved the file notes.txt with the content "你好世界".');
  });
});
