import { RUN_ID_HEADER } from "@inquiry-hub/protocol";
import type { Response } from "express";
import { AgentError } from "../errors/agent-error";
import type { ChatRequest } from "../loop/chat-request";
import type { HubClient, RunStore } from "../runs/ports";
import type { RunManager } from "../runs/run-manager";
import { sendOpenAiError } from "./openai-error";
import { streamRunEvents } from "./run-event-stream";

/** What background chats need besides the run settings. */
export interface BackgroundRuns {
  manager: RunManager;
  store: RunStore;
  hub: HubClient;
}

/**
 * A chat with `background: true`: resolves the bearer's user and credential with the hub (401
 * when it refuses it), starts the run recording both (an MCP connect failure is still a plain HTTP error) and then
 * streams the run's log from its first event with `x-run-id`. The response is only a
 * listener: when it closes, the run goes on.
 */
export async function handleBackgroundChat(
  runs: BackgroundRuns,
  request: ChatRequest,
  token: string,
  res: Response,
  onConnectFailure: (thrown: unknown) => void,
): Promise<void> {
  const caller = await runs.hub.identify(token);
  if (caller === undefined) {
    sendOpenAiError(res, new AgentError("invalid_api_key"));
    return;
  }
  let runId: string;
  try {
    runId = (await runs.manager.start(request, token, caller)).id;
  } catch (error) {
    onConnectFailure(error);
    return;
  }
  await streamRunEvents(runs.store, runId, 0, res, { [RUN_ID_HEADER]: runId });
}
