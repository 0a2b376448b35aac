import { z } from "zod";

/** What a tool call handed back to the agent: its text and, when the client exposes it, its structuredContent. */
export interface ToolReply {
  text: string;
  structuredContent?: unknown;
}

/** One MCP client under test, reduced to what an agent loop does with it. */
export interface AgentClient {
  /** Calls `name` once; throws what the client throws (a timeout, a ToolException, an abort). */
  call(name: string, args: Record<string, unknown>): Promise<ToolReply>;
  close(): Promise<void>;
}

/** How one attempt ended, as a model would classify it. */
export type Turn =
  | { kind: "final"; text: string; structuredContent?: unknown }
  | { kind: "pending"; text: string }
  | { kind: "error"; message: string };

/** Every attempt of one scripted run; the last one decides. */
export interface AgentRun {
  turns: Turn[];
  final: Turn;
}

/** The hub's "not answered yet, call again" result (WaitingResult in @inquiry-hub/protocol). */
const PendingSchema = z.object({ status: z.literal("pending") });

function classify(reply: ToolReply): Turn {
  if (PendingSchema.safeParse(reply.structuredContent).success)
    return { kind: "pending", text: reply.text };
  return { kind: "final", text: reply.text, structuredContent: reply.structuredContent };
}

/**
 * Does with each result what a model told "call again with the same arguments" does: after a
 * pending result or any error (a client timeout, "An error occurred…", a ToolException) it
 * repeats the identical call; any other result ends the run. Stops after `maxAttempts` so a
 * hub that never settles fails the test instead of hanging it.
 */
export async function runScriptedAgent(
  client: AgentClient,
  name: string,
  args: Record<string, unknown>,
  maxAttempts = 8,
): Promise<AgentRun> {
  const turns: Turn[] = [];
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const turn = await client
      .call(name, structuredClone(args))
      .then(classify, (error: unknown) => ({
        kind: "error" as const,
        message: error instanceof Error ? error.message : String(error),
      }));
    turns.push(turn);
    if (turn.kind === "final") return { turns, final: turn };
  }
  const last = turns.at(-1);
  if (last === undefined) throw new Error("maxAttempts must be at least 1");
  return { turns, final: last };
}
