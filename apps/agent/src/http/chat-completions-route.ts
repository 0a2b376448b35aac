import { randomUUID } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { AgentError } from "../errors/agent-error";
import { answerChat } from "../loop/answer-chat";
import type { ChatEnding } from "../loop/answer-chat";
import type { ChatRequest } from "../loop/chat-request";
import { AGENT_NAME } from "../loop/completion-chunk";
import type { CompletionIdentity } from "../loop/completion-chunk";
import { toConnectError, toRunError } from "../loop/run-error";
import type { RunSettings } from "../loop/run-settings";
import type { ToolLoopResult } from "../loop/run-tool-loop";
import { handleBackgroundChat } from "./background-chat";
import type { BackgroundRuns } from "./background-chat";
import { readBearerToken } from "./bearer";
import { createChunkWriter } from "./chunk-writer";
import type { ChunkWriter } from "./chunk-writer";
import { sendOpenAiError } from "./openai-error";
import { parseChatRequest } from "./parse-chat-request";

function sendConnectError(settings: RunSettings, res: Response, thrown: unknown): void {
  const error = toConnectError(thrown);
  if (error.code !== "invalid_api_key")
    settings.logger.error({ err: thrown }, "MCP connection failed");
  sendOpenAiError(res, error);
}

/** The whole answer of a chat without `stream`, as one `chat.completion`. */
function completionBody(identity: CompletionIdentity, { text, usage }: ToolLoopResult) {
  return {
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
  };
}

/**
 * Answers how a chat ended: with `stream`, the closing chunk or an error event once the
 * stream started; otherwise (and before the first chunk) one JSON body or an HTTP error.
 */
function respond(
  settings: RunSettings,
  res: Response,
  identity: CompletionIdentity,
  writer: ChunkWriter | undefined,
  ending: ChatEnding,
): void {
  switch (ending.status) {
    case "unconnected":
      sendConnectError(settings, res, ending.error);
      return;
    case "completed":
      if (writer) writer.finish(ending.result.usage);
      else res.json(completionBody(identity, ending.result));
      return;
    case "failed": {
      const failure = toRunError(ending.error);
      if (writer?.started) writer.fail(failure);
      else sendOpenAiError(res, failure);
      return;
    }
  }
}

/** A chat that belongs to its request, answered as SSE chunks (`stream`) or one body. */
async function handleChat(
  settings: RunSettings,
  request: ChatRequest,
  token: string,
  res: Response,
  shutdown: AbortSignal,
): Promise<void> {
  const controller = new AbortController();
  // The run belongs to its request: once the client is gone nothing can take the answer, so
  // the call ends with WITHDRAW_REASON, which withdraws its question (see the ToolBox port).
  // The agent's own shutdown cuts the connection too; then the question stays open, as a
  // background run's does, for the client to repeat the call and re-attach to it.
  res.on("close", () => {
    if (res.writableFinished) return;
    controller.abort(shutdown.aborted ? new Error("The agent is shutting down.") : WITHDRAW_REASON);
  });
  const identity: CompletionIdentity = {
    id: `chatcmpl-${randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    runId: randomUUID(),
  };
  // Lazy: nothing goes out before the first chunk, so an early failure is still an HTTP error.
  const writer = request.stream ? createChunkWriter(res, identity) : undefined;
  await answerChat(
    settings,
    { runId: identity.runId, request, bearer: token, signal: controller.signal },
    {
      content: (text) => writer?.content(text),
      notification: (json) => writer?.notification(json),
      end: (ending) => respond(settings, res, identity, writer, ending),
    },
  );
}

/**
 * `POST /v1/chat/completions`: validates the body and the bearer, checks the model, and
 * answers as OpenAI does (SSE chunks or one `chat.completion`) over {@link answerChat}, which
 * connects to the hub and demo-tools over MCP and runs the tool loop. Progress notifications
 * from tool calls are forwarded as chunks; a client disconnect aborts the run, the pending
 * tool call and the upstream model request. A failure before the first chunk is an HTTP
 * error; after it, an SSE error event and `[DONE]`. With `background: true` the run belongs
 * to no request (see `background-chat.ts`). `shutdown` aborts when the agent shuts down: the
 * connections it then cuts are no disconnect.
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
    if (!settings.models.has(request.model)) {
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
    await handleChat(settings, request, token, res, shutdown);
  };
}
