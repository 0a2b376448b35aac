import { randomUUID } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { AgentError } from "../errors/agent-error";
import type { ChatRequest } from "../loop/chat-request";
import { AGENT_NAME } from "../loop/completion-chunk";
import type { CompletionIdentity } from "../loop/completion-chunk";
import type { ModelProvider } from "../loop/model-provider";
import { toConnectError, toRunError } from "../loop/run-error";
import { endpointsFor } from "../loop/run-settings";
import type { RunSettings } from "../loop/run-settings";
import { runToolLoop } from "../loop/run-tool-loop";
import type { ToolLoopResult } from "../loop/run-tool-loop";
import { withSystemPrompt } from "../loop/system-prompt";
import type { ToolBox } from "../loop/tool-box";
import { handleBackgroundChat } from "./background-chat";
import type { BackgroundRuns } from "./background-chat";
import { readBearerToken } from "./bearer";
import { createChunkWriter } from "./chunk-writer";
import { sendOpenAiError } from "./openai-error";
import { parseChatRequest } from "./parse-chat-request";

function sendConnectError(settings: RunSettings, res: Response, thrown: unknown): void {
  const error = toConnectError(thrown);
  if (error.code !== "invalid_api_key")
    settings.logger.error({ err: thrown }, "MCP connection failed");
  sendOpenAiError(res, error);
}

/** Runs the loop; `onContent` receives each content delta as the model produces it. */
type Run = (onContent: (text: string) => void) => Promise<ToolLoopResult>;

async function streamRun(
  settings: RunSettings,
  res: Response,
  identity: CompletionIdentity,
  run: Run,
  signal: AbortSignal,
  setForward: (forward: (json: string) => void) => void,
): Promise<void> {
  const writer = createChunkWriter(res, identity);
  setForward((json) => writer.notification(json));
  try {
    const result = await run((text) => writer.content(text));
    writer.finish(result.usage);
    settings.metrics.runFinished("request", "completed");
  } catch (error) {
    settings.metrics.runFinished("request", signal.aborted ? "cancelled" : "failed");
    if (signal.aborted) return;
    settings.logger.error({ err: error, runId: identity.runId }, "run failed");
    const failure = toRunError(error);
    if (writer.started) writer.fail(failure);
    else sendOpenAiError(res, failure);
  }
}

async function respondOnce(
  settings: RunSettings,
  res: Response,
  identity: CompletionIdentity,
  run: Run,
  signal: AbortSignal,
): Promise<void> {
  try {
    const { text, usage } = await run(() => undefined);
    settings.metrics.runFinished("request", "completed");
    res.json({
      id: identity.id,
      object: "chat.completion",
      created: identity.created,
      model: identity.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: text, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      agent_info: { name: AGENT_NAME, run_id: identity.runId },
    });
  } catch (error) {
    settings.metrics.runFinished("request", signal.aborted ? "cancelled" : "failed");
    if (signal.aborted) return;
    settings.logger.error({ err: error, runId: identity.runId }, "run failed");
    sendOpenAiError(res, toRunError(error));
  }
}

async function handleChat(
  settings: RunSettings,
  request: ChatRequest,
  model: ModelProvider,
  token: string,
  res: Response,
  shutdown: AbortSignal,
): Promise<void> {
  const controller = new AbortController();
  // The run belongs to its request: once the client is gone nothing can take the answer, so
  // the call ends with WITHDRAW_REASON, which withdraws its question (see tool-box.ts). The
  // agent's own shutdown cuts the connection too; then the question stays open, as a
  // background run's does, for the client to repeat the call and re-attach to it.
  res.on("close", () => {
    if (res.writableFinished) return;
    controller.abort(shutdown.aborted ? new Error("The agent is shutting down.") : WITHDRAW_REASON);
  });
  let forward: (json: string) => void = () => undefined;
  const identity: CompletionIdentity = {
    id: `chatcmpl-${randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    model: model.id,
    runId: randomUUID(),
  };
  const trace = settings.tracer.startRun(identity.runId, model.id);
  let tools: ToolBox;
  try {
    tools = await settings.openToolBox(
      endpointsFor(settings, token, request.inquiryTimeoutSeconds, request.yolo),
      settings.timeouts,
      (json) => forward(json),
      settings.logger,
      trace,
    );
  } catch (error) {
    trace.end("failed", error);
    if (!controller.signal.aborted) sendConnectError(settings, res, error);
    return;
  }
  const run: Run = (onContent) =>
    runToolLoop({
      model,
      messages: withSystemPrompt(request.messages, settings.systemPrompt),
      tools,
      maxSteps: settings.maxSteps,
      signal: controller.signal,
      onContent,
      metrics: settings.metrics,
    });
  settings.metrics.runStarted("request");
  try {
    if (request.stream) {
      await streamRun(settings, res, identity, run, controller.signal, (next) => {
        forward = next;
      });
    } else {
      await respondOnce(settings, res, identity, run, controller.signal);
    }
  } finally {
    trace.end(controller.signal.aborted ? "cancelled" : "ended");
    await tools
      .close()
      .catch((error: unknown) =>
        settings.logger.error({ err: error, runId: identity.runId }, "closing MCP clients failed"),
      );
  }
}

/**
 * `POST /v1/chat/completions`: validates the body and the bearer, connects to the hub and
 * demo-tools over MCP, runs the tool loop and answers as OpenAI does (SSE chunks or one
 * `chat.completion`). Progress notifications from tool calls are forwarded as chunks; a
 * client disconnect aborts the run, the pending tool call and the upstream model request.
 * A failure before the first chunk is an HTTP error; after it, an SSE error event and `[DONE]`.
 * With `background: true` the run belongs to no request (see `background-chat.ts`).
 * `shutdown` aborts when the agent shuts down: the connections it then cuts are no disconnect.
 */
export function createChatCompletionsHandler(
  settings: RunSettings,
  runs: BackgroundRuns,
  shutdown: AbortSignal,
): RequestHandler {
  return async (req, res) => {
    const request = parseChatRequest(req.body);
    if ("error" in request) {
      sendOpenAiError(res, new AgentError("invalid_body", request.error));
      return;
    }
    const token = readBearerToken(req);
    if (token === undefined) {
      sendOpenAiError(res, new AgentError("missing_api_key"));
      return;
    }
    const model = settings.models.get(request.model);
    if (!model) {
      const known = [...settings.models.keys()].join(", ");
      const message = `The model "${request.model}" does not exist; available: ${known}.`;
      sendOpenAiError(res, new AgentError("model_not_found", message));
      return;
    }
    if (request.background) {
      await handleBackgroundChat(runs, request, token, res, (error) =>
        sendConnectError(settings, res, error),
      );
      return;
    }
    await handleChat(settings, request, model, token, res, shutdown);
  };
}
