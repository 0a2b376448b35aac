import type { AddressInfo } from "node:net";
import { DEMO_MODEL_ID, parseAgentSseData } from "@inquiry-hub/protocol";
import type { AgentServer } from "../../src/index";

/** One SSE event of a run's log, as a listener receives it. */
export interface SseEvent {
  id: number;
  data: string;
}

/** The question every demo run asks before it answers with the weather of the city given. */
export const WEATHER_QUESTION = "What's the weather tomorrow?";

/**
 * Starts a background demo run with the run credential `token` (a run revokes its own when it
 * ends, so each run needs a fresh one, as the web mints per message).
 */
export function startBackgroundRun(
  agentUrl: URL,
  token: string,
  metadata?: Record<string, string>,
): Promise<Response> {
  return fetch(new URL("/v1/chat/completions", agentUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      model: DEMO_MODEL_ID,
      stream: true,
      background: true,
      messages: [{ role: "user", content: WEATHER_QUESTION }],
      ...(metadata === undefined ? {} : { metadata }),
    }),
  });
}

/** Reads SSE events until `stop` says so or the stream ends; cancels the body afterwards. */
export async function readEvents(
  response: Response,
  stop: (event: SseEvent) => boolean = () => false,
): Promise<SseEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffer += value;
    const blocks = buffer.split("\n\n");
    buffer = blocks.pop() ?? "";
    for (const block of blocks) {
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id === undefined || data === undefined) continue;
      const event = { id: Number(id), data };
      events.push(event);
      if (stop(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

/** The id of the hub inquiry an event announces as opened, if it is such an event. */
export const openedInquiry = (event: SseEvent): string | undefined => {
  const parsed = parseAgentSseData(event.data);
  return parsed.type === "inquiry_opened" ? parsed.inquiry.inquiryId : undefined;
};

/** Reads a run's stream up to the event opening its question; returns both. */
export async function readUntilQuestion(
  response: Response,
): Promise<{ events: SseEvent[]; inquiryId: string }> {
  let inquiryId: string | undefined;
  const events = await readEvents(
    response,
    (event) => (inquiryId = openedInquiry(event)) !== undefined,
  );
  if (inquiryId === undefined) throw new Error("the run ended without asking its question");
  return { events, inquiryId };
}

/**
 * Reads an OpenAI client's chat stream up to the chunk opening its question and leaves it
 * there, which aborts the request as any early exit from the client's stream does (a client
 * gone); the question's inquiry id.
 */
export async function readStreamUntilQuestion(stream: AsyncIterable<unknown>): Promise<string> {
  for await (const chunk of stream) {
    const event = parseAgentSseData(JSON.stringify(chunk));
    if (event.type === "inquiry_opened") return event.inquiry.inquiryId;
  }
  throw new Error("the stream ended without asking its question");
}

/** The assistant text the events carry, concatenated. */
export const textOf = (events: readonly SseEvent[]): string =>
  events
    .map((event) => parseAgentSseData(event.data))
    .map((event) => (event.type === "content" ? event.text : ""))
    .join("");

/** A request to the run API (`/v1/runs/:id<route>`) with `token` as bearer. */
export function runRequest(
  agentUrl: URL,
  runId: string,
  route: string,
  token: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(new URL(`/v1/runs/${runId}${route}`, agentUrl), {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
}

/** Re-attaches to a run's stream after `lastEventId`, as a reloaded browser does. */
export const reattach = (
  agentUrl: URL,
  runId: string,
  token: string,
  lastEventId: number,
): Promise<Response> =>
  runRequest(agentUrl, runId, "/events", token, {
    headers: { "last-event-id": String(lastEventId) },
  });

/** Starts an agent server on a free loopback port. */
export async function listenAgent(server: AgentServer): Promise<URL> {
  await new Promise<void>((resolve) => server.httpServer.listen(0, "127.0.0.1", resolve));
  return new URL(`http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}/`);
}
