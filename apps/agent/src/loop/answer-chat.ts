import type { ChatRequest } from "./chat-request";
import { driveChat, openRunTools } from "./drive-chat";
import type { RunSettings } from "./run-settings";
import type { ToolLoopResult } from "./run-tool-loop";
import type { ToolBox } from "./tool-box";

/**
 * How a chat answered within its request ended: its answer, the loop's failure, or its tools
 * that could not be opened (nothing ran). A chat whose request went away first (its signal
 * aborted) has nobody to answer and ends unheard.
 */
export type ChatEnding =
  | { status: "completed"; result: ToolLoopResult }
  | { status: "failed"; error: unknown }
  | { status: "unconnected"; error: unknown };

/** The side of the request that hears the chat: its stream, or the one response at its end. */
export interface ChatListener {
  content(text: string): void;
  /** An MCP progress notification of a tool call, as its JSON string. */
  notification(notificationJson: string): void;
  /** How the chat ended, heard before its tools close, so the answer goes out first. */
  end(ending: ChatEnding): void;
}

/** A chat that belongs to its request: `signal` aborts when the client goes away. */
export interface RequestChat {
  runId: string;
  request: Pick<ChatRequest, "model" | "messages" | "inquiryTimeoutSeconds" | "yolo">;
  /** The request's bearer, which the chat's MCP servers get (see `endpointsFor`). */
  bearer: string;
  signal: AbortSignal;
}

/**
 * Runs a chat within its request: opens its tools with the request's bearer, drives the loop
 * through {@link driveChat}, tells `listener` how it ended, then closes the tools. Counts the
 * run (`request` mode) and traces it; a failure is logged unless the request went away.
 */
export async function answerChat(
  settings: RunSettings,
  chat: RequestChat,
  listener: ChatListener,
): Promise<void> {
  const { runId, request, signal } = chat;
  const trace = settings.tracer.startRun(runId, request.model);
  let forward: (notificationJson: string) => void = () => undefined;
  let tools: ToolBox;
  try {
    tools = await openRunTools(
      settings,
      {
        bearer: chat.bearer,
        inquiryTimeoutSeconds: request.inquiryTimeoutSeconds,
        yolo: request.yolo,
      },
      (json) => forward(json),
      trace,
    );
  } catch (error) {
    if (!signal.aborted) listener.end({ status: "unconnected", error });
    return;
  }
  forward = (json) => listener.notification(json);
  settings.metrics.runStarted("request");
  try {
    const result = await driveChat(settings, {
      model: request.model,
      tools,
      from: { messages: request.messages },
      signal,
      onContent: (text) => listener.content(text),
    });
    listener.end({ status: "completed", result });
    settings.metrics.runFinished("request", "completed");
  } catch (error) {
    settings.metrics.runFinished("request", signal.aborted ? "cancelled" : "failed");
    if (!signal.aborted) {
      settings.logger.error({ err: error, runId }, "run failed");
      listener.end({ status: "failed", error });
    }
  } finally {
    trace.end(signal.aborted ? "cancelled" : "ended");
    await tools
      .close()
      .catch((error: unknown) =>
        settings.logger.error({ err: error, runId }, "closing MCP clients failed"),
      );
  }
}
