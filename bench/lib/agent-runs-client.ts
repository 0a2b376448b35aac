import {
  DEMO_MODEL_ID,
  RUN_ID_HEADER,
  RunInfoSchema,
  parseAgentSseData,
} from "@inquiry-hub/protocol";
import type { AgentChatRequestBody, RunInfo } from "@inquiry-hub/protocol";
import { z } from "zod";
import { DONE_DATA, readRunEvents } from "./sse-events";

/** The demo model answers this with send_inquiry ("Which city…?") and holds until answered. */
const WAITING_PROMPT = "What's the weather tomorrow?";
/** Bound on any one call of this client (a run start includes the agent's MCP connects). */
const CALL_TIMEOUT_MS = 30_000;

const RunCredentialSchema = z.object({ id: z.string(), token: z.string().min(1) });

/** A background run held by its unanswered question, and what its log held at that point. */
export interface WaitingRun {
  runId: string;
  inquiryId: string;
  /** The id of the INQUIRY progress chunk: the newest event once the run waits. */
  inquiryEventId: number;
}

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

async function ensureOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

/** Mints an agent-run credential with a person's device token, as the web does per turn. */
export async function mintRunToken(hubUrl: URL, deviceToken: string): Promise<string> {
  const response = await fetch(new URL("/api/agent-runs", hubUrl), {
    method: "POST",
    headers: { ...bearer(deviceToken), "content-type": "application/json" },
    body: "{}",
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return RunCredentialSchema.parse(await (await ensureOk(response, "mint run")).json()).token;
}

/**
 * Starts a background run of the demo model on `agentUrl` and reads its stream until the
 * INQUIRY chunk arrives, then stops listening (the run goes on, waiting for the answer).
 */
export async function startWaitingRun(agentUrl: URL, runToken: string): Promise<WaitingRun> {
  const body: AgentChatRequestBody = {
    model: DEMO_MODEL_ID,
    messages: [{ role: "user", content: WAITING_PROMPT }],
    stream: true,
    background: true,
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  try {
    const response = await ensureOk(
      await fetch(new URL("/v1/chat/completions", agentUrl), {
        method: "POST",
        headers: { ...bearer(runToken), "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: controller.signal,
      }),
      "start run",
    );
    const runId = response.headers.get(RUN_ID_HEADER);
    if (runId === null || response.body === null) throw new Error(`start run: no ${RUN_ID_HEADER}`);
    for await (const event of readRunEvents(response.body)) {
      const parsed = parseAgentSseData(event.data);
      if (parsed.type === "inquiry_opened")
        return { runId, inquiryId: parsed.inquiry.inquiryId, inquiryEventId: event.id };
      if (event.data === DONE_DATA) break;
    }
    throw new Error(`run ${runId} ended without asking its question`);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** `GET /v1/runs/:id`: the run's status and the id of its newest event. */
export async function readRunInfo(agentUrl: URL, runId: string, token: string): Promise<RunInfo> {
  const response = await fetch(new URL(`/v1/runs/${runId}`, agentUrl), {
    headers: bearer(token),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return RunInfoSchema.parse(await (await ensureOk(response, "run info")).json());
}

/** Follows the run after `afterId` until `[DONE]`; false when `timeoutMs` passed first. */
export async function awaitRunDone(
  agentUrl: URL,
  runId: string,
  token: string,
  afterId: number,
  timeoutMs: number,
): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await ensureOk(
      await fetch(new URL(`/v1/runs/${runId}/events`, agentUrl), {
        headers: { ...bearer(token), "last-event-id": String(afterId) },
        signal: controller.signal,
      }),
      "follow run",
    );
    if (response.body === null) return false;
    for await (const event of readRunEvents(response.body))
      if (event.data === DONE_DATA) return true;
    return false;
  } catch (error) {
    if (controller.signal.aborted) return false;
    throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Stop: `POST /v1/runs/:id/cancel`, for a run that did not finish after its answer. */
export async function cancelRun(agentUrl: URL, runId: string, token: string): Promise<RunInfo> {
  const response = await fetch(new URL(`/v1/runs/${runId}/cancel`, agentUrl), {
    method: "POST",
    headers: bearer(token),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return RunInfoSchema.parse(await (await ensureOk(response, "cancel run")).json());
}
