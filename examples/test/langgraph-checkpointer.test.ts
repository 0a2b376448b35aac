import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { JsonFileCheckpointer } from "../src/langgraph/json-file-checkpointer";
import { createReportAgent } from "../src/langgraph/report-agent";

const THREAD = { configurable: { thread_id: "weekly-report" } };
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function checkpointFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "langgraph-checkpoints-"));
  dirs.push(dir);
  return join(dir, "nested", "checkpoints.json");
}

describe("JsonFileCheckpointer", () => {
  it("hands a paused run, with its interrupt id, to the next process reading the file", async () => {
    const file = checkpointFile();
    const paused = await createReportAgent(new JsonFileCheckpointer(file)).invoke(
      { messages: [{ role: "user", content: "Send the weekly report to the team." }] },
      THREAD,
    );
    const [interrupt] = paused.__interrupt__ ?? [];
    expect(interrupt?.id).toMatch(/^[0-9a-f]{32}$/);

    const restarted = createReportAgent(new JsonFileCheckpointer(file));
    const snapshot = await restarted.graph.getState(THREAD);
    expect(snapshot.tasks.flatMap((task) => task.interrupts.map(({ id }) => id))).toEqual([
      interrupt?.id,
    ]);

    const resumed = await restarted.invoke(
      new Command({ resume: { decisions: [{ type: "reject", message: "Not today" }] } }),
      THREAD,
    );
    expect(resumed.messages.at(-1)?.text).toBe("Weekly report: Not today");
    const afterwards = createReportAgent(new JsonFileCheckpointer(file));
    expect((await afterwards.graph.getState(THREAD)).tasks).toEqual([]);
  });
});
