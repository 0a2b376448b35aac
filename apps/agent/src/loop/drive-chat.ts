import type { ChatMessage } from "./model-provider";
import { endpointsFor } from "./run-settings";
import type { RunSettings } from "./run-settings";
import { runToolLoop } from "./run-tool-loop";
import type { ToolLoopCheckpoint, ToolLoopResult } from "./run-tool-loop";
import type { RunTrace } from "./run-tracer";
import { withSystemPrompt } from "./system-prompt";
import type { ToolBox } from "./tool-box";

/** Whose tools a run opens: the run's bearer and its chat's inquiry settings. */
export interface ToolAccess {
  bearer: string;
  inquiryTimeoutSeconds?: number | undefined;
  /** `false`: this chat always asks. */
  yolo?: false | undefined;
}

/**
 * Opens the MCP servers of a run (see {@link endpointsFor}) with `access`, its calls traced
 * under `trace`. When they cannot be opened, the run's span ends failed and the connect
 * error is thrown: nothing ran.
 */
export async function openRunTools(
  settings: RunSettings,
  access: ToolAccess,
  onProgress: (notificationJson: string) => void,
  trace: RunTrace,
): Promise<ToolBox> {
  const endpoints = endpointsFor(
    settings,
    access.bearer,
    access.inquiryTimeoutSeconds,
    access.yolo,
  );
  try {
    return await settings.openToolBox(
      endpoints,
      settings.timeouts,
      onProgress,
      settings.logger,
      trace,
    );
  } catch (error) {
    trace.end("failed", error);
    throw error;
  }
}

/**
 * Where a chat starts: a fresh conversation, which gets the agent's system prompt unless it
 * brings its own, or a checkpoint (a background run, fresh or resumed), whose history has it.
 */
export type ChatStart = { messages: readonly ChatMessage[] } | { checkpoint: ToolLoopCheckpoint };

/** One chat to drive: the served model by id, its open tools, and who hears its progress. */
export interface ChatDrive {
  model: string;
  tools: ToolBox;
  from: ChatStart;
  signal: AbortSignal;
  onContent: (text: string) => void;
  onCheckpoint?: (checkpoint: ToolLoopCheckpoint) => Promise<void>;
  idempotencyKey?: (toolCallId: string) => string;
}

/**
 * The one way the agent drives the tool loop, for chats answered within their request and
 * for background runs alike: the served model, the step limit and the metrics come from
 * `settings`, so both run the loop the same way. Rejects like the loop does, and when the
 * model is not served here (a run stored by an agent configured with other models).
 */
export async function driveChat(settings: RunSettings, drive: ChatDrive): Promise<ToolLoopResult> {
  const model = settings.models.get(drive.model);
  if (!model) throw new Error(`The model "${drive.model}" is not served by this agent.`);
  const start =
    "checkpoint" in drive.from
      ? { messages: drive.from.checkpoint.history, resumeFrom: drive.from.checkpoint }
      : { messages: withSystemPrompt(drive.from.messages, settings.systemPrompt) };
  return runToolLoop({
    model,
    ...start,
    tools: drive.tools,
    maxSteps: settings.maxSteps,
    signal: drive.signal,
    onContent: drive.onContent,
    onCheckpoint: drive.onCheckpoint,
    idempotencyKey: drive.idempotencyKey,
    metrics: settings.metrics,
  });
}
