import { describe, expect, it } from "vitest";
import { decideDemoStep } from "./demo-model";
import { OLD_ROWS_CUTOFF, findDemoAction, replyAfterAction } from "./demo-model-actions";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";
import type { ChatMessage, ModelEvent } from "../loop/model-provider";

const ALL_TOOLS = ["send_inquiry", "get_weather", "write_file", "execute_sql"];
const WRITE = { name: "write_file", args: { path: "notes.txt", content: "hello" } };
const REJECTED =
  'The person rejected the call to write_file, so it was not run. Their message: "not today". Do not retry the same call; adapt your plan or ask the person what they want instead.';

function textOf(events: ModelEvent[]): string {
  return events.map((event) => (event.type === "content" ? event.text : "")).join("");
}

describe("demo actions the approval proxy gates", () => {
  it.each([
    ["save a note saying hello to notes.txt", { path: "notes.txt", content: "hello" }],
    [
      "Please save a note saying 'buy milk' to lists/shop.txt.",
      {
        path: "lists/shop.txt",
        content: "buy milk",
      },
    ],
    ["Save note saying see you at 5 in notes.txt", { path: "notes.txt", content: "see you at 5" }],
  ])("%j → write_file", (text, args) => {
    expect(findDemoAction(text)).toEqual({ name: "write_file", args });
  });

  it("deletes the old rows with execute_sql", () => {
    expect(findDemoAction("delete the old rows")).toEqual({
      name: "execute_sql",
      args: { query: `DELETE FROM notes WHERE created_at < '${OLD_ROWS_CUTOFF}'` },
    });
  });

  it("ignores other requests", () => {
    expect(findDemoAction("What's the weather in Paris?")).toBeUndefined();
  });

  it("calls the tool from the user's message, and says when it is missing", () => {
    const events = decideDemoStep(
      [{ role: "user", content: "save a note saying hello to notes.txt" }],
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
  });

  it("says the file was saved, with path and content, after the upstream wrote it", () => {
    expect(replyAfterAction(WRITE, "Wrote 5 bytes to notes.txt in the sandbox.")).toBe(
      'Saved the file notes.txt with the content "hello".',
    );
  });

  it("says the person refused, quoting their reason", () => {
    expect(replyAfterAction(WRITE, REJECTED)).toBe(
      'The person refused to let me save notes.txt, so nothing was changed. Their reason: "not today".',
    );
    expect(
      replyAfterAction(
        WRITE,
        "The person rejected the call to write_file, so it was not run. Do not retry.",
      ),
    ).toBe("The person refused to let me save notes.txt, so nothing was changed.");
  });

  it.each([
    [
      "No decision on the call to execute_sql came within 30 seconds, so it was not run.",
      /Nobody decided in time/,
    ],
    ["The approval request for execute_sql was cancelled before anyone decided.", /withdrawn/],
    [`${TOOL_ERROR_PREFIX}upstream down`, /^I could not delete the old rows: upstream down$/],
    ["2 row(s) deleted.\n[]", /^Done: 2 row\(s\) deleted\.$/],
  ])("after execute_sql returns %j", (result, expected) => {
    const call = { name: "execute_sql", args: { query: "DELETE FROM notes" } };
    expect(replyAfterAction(call, result)).toMatch(expected);
  });

  it("replies from the tool result in the conversation", () => {
    const messages: ChatMessage[] = [
      { role: "user", content: "save a note saying hello to notes.txt" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "write_file", arguments: JSON.stringify(WRITE.args) },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: REJECTED },
    ];
    expect(textOf(decideDemoStep(messages, ALL_TOOLS))).toMatch(/refused.*"not today"/);
  });
});
