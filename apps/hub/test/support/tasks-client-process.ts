import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import type { SerializedTaskReference } from "@modelcontextprotocol/ext-tasks/client";
import { HUB_TOOL_NAMES } from "@inquiry-hub/protocol";
import { z } from "zod";
import { connectTasksClient } from "./tasks-client";

/**
 * One MCP host process of the restart test (mcp-tasks-restart.test.ts), run with tsx:
 *
 * - `start <hub url> <prompt>`: calls send_inquiry as a task, hands it off (prints the task
 *   reference the host would persist as one JSON line) and exits without closing its
 *   session, as a host that quits does: ext-tasks 0.x's `session.close()` still sends
 *   `tasks/cancel` for a handed-off task, which would withdraw the question;
 * - `resume <hub url> <reference JSON>`: resumes that task in a fresh client, waits for it
 *   to settle, prints the tool result as one JSON line.
 *
 * The credential comes in `HUB_TOKEN`, so it never shows in a process listing.
 */
const ArgsSchema = z.union([
  z.tuple([z.literal("start"), z.url(), z.string().min(1)]),
  z.tuple([z.literal("resume"), z.url(), z.string().min(1)]),
]);

/** The part of a v2 task reference a resuming host reads back. */
const ReferenceSchema = z.object({
  endpointId: z.string(),
  generation: z.literal("v2"),
  taskId: z.string(),
  originalOperation: z.literal("tools/call"),
});

async function main(): Promise<void> {
  const [mode, hubUrl, payload] = ArgsSchema.parse(process.argv.slice(2));
  const token = z.string().min(1).parse(process.env.HUB_TOKEN);
  const client = await connectTasksClient([new URL(hubUrl)], token);
  if (mode === "start") {
    const execution = await client.session.callTool(HUB_TOOL_NAMES.sendInquiry, {
      prompt: payload,
    });
    if (execution.kind !== "task") throw new Error(`expected a task, got ${execution.kind}`);
    await execution.handoff((reference) => {
      process.stdout.write(`${JSON.stringify(reference)}\n`);
    });
    return;
  }
  try {
    const reference = ReferenceSchema.parse(JSON.parse(payload)) as SerializedTaskReference;
    const resumed = await client.session.resumeTask(reference);
    const { outcome } = await resumed.settle();
    process.stdout.write(`${JSON.stringify(resultFromTaskOutcome(outcome))}\n`);
  } finally {
    await client.close();
  }
}

await main();
