import type { AddressInfo } from "node:net";
import { RUN_ID_HEADER, RunInfoSchema, parseAgentSseData } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MODEL_ID, createAgentServer, createMemoryRunStore } from "../src/index";
import type { AgentServer, RunStore } from "../src/index";
import { startStack } from "./stack";
import type { Stack } from "./stack";

interface SseEvent {
  id: number;
  data: string;
}

let stack: Stack;
let store: RunStore;
let person: string;

beforeAll(async () => {
  store = createMemoryRunStore();
  stack = await startStack({ runStore: store });
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
  await store.close();
});

/** Starts a run with a fresh run credential (a run revokes its own when it ends), as the web does. */
async function startRun(agentUrl: URL): Promise<Response> {
  const token = await stack.mintRunCredential(person);
  return fetch(new URL("/v1/chat/completions", agentUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      model: DEMO_MODEL_ID,
      stream: true,
      background: true,
      messages: [{ role: "user", content: "What's the weather tomorrow?" }],
    }),
  });
}

/** Reads SSE events until `stop` says so or the stream ends; cancels the body afterwards. */
async function readEvents(
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

const openedInquiry = (event: SseEvent): string | undefined => {
  const parsed = parseAgentSseData(event.data);
  return parsed.type === "inquiry_opened" ? parsed.inquiry.inquiryId : undefined;
};

const textOf = (events: readonly SseEvent[]): string =>
  events
    .map((event) => parseAgentSseData(event.data))
    .map((event) => (event.type === "content" ? event.text : ""))
    .join("");

function runRequest(
  agentUrl: URL,
  runId: string,
  route: string,
  token: string,
  init: RequestInit = {},
) {
  return fetch(new URL(`/v1/runs/${runId}${route}`, agentUrl), {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
}

async function waitForInquiryStatus(inquiryId: string, status: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await stack.getInquiry(person, inquiryId)).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`inquiry ${inquiryId} never became ${status}`);
}

async function listen(server: AgentServer): Promise<URL> {
  await new Promise<void>((resolve) => server.httpServer.listen(0, "127.0.0.1", resolve));
  return new URL(`http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}/`);
}

describe("background runs", () => {
  it("streams with ids, outlives its POST and replays after Last-Event-ID without duplicates", async () => {
    const response = await startRun(stack.agentUrl);
    const runId = response.headers.get(RUN_ID_HEADER)!;
    expect(runId).toBeTruthy();
    let inquiryId: string | undefined;
    const first = await readEvents(
      response,
      (event) => (inquiryId = openedInquiry(event)) !== undefined,
    );
    expect(first.map((event) => event.id)).toEqual(first.map((_, index) => index + 1));

    const info = RunInfoSchema.parse(
      await (await runRequest(stack.agentUrl, runId, "", person)).json(),
    );
    expect(info).toMatchObject({ status: "running", last_event_id: first.at(-1)!.id });

    expect((await stack.answer(person, inquiryId!, { response: "Hangzhou" })).status).toBe(200);
    const rest = await readEvents(
      await runRequest(stack.agentUrl, runId, "/events", person, {
        headers: { "last-event-id": String(first.at(-1)!.id) },
      }),
    );
    expect(rest[0]!.id).toBe(first.at(-1)!.id + 1);
    expect(rest.at(-1)!.data).toBe("[DONE]");

    const whole = await readEvents(
      await runRequest(stack.agentUrl, runId, "/events?after=0", person),
    );
    expect(whole).toEqual([...first, ...rest]);
    expect(textOf([...first, ...rest])).toBe(textOf(whole));
    expect(textOf(whole)).toMatch(/Hangzhou/);
    expect((await store.get(runId))?.status).toBe("completed");
  });

  it("hides a run from another user with 404 on GET, events and cancel", async () => {
    const response = await startRun(stack.agentUrl);
    const runId = response.headers.get(RUN_ID_HEADER)!;
    let inquiryId: string | undefined;
    await readEvents(response, (event) => (inquiryId = openedInquiry(event)) !== undefined);
    const stranger = await stack.registerUser();
    for (const [route, method] of [
      ["", "GET"],
      ["/events", "GET"],
      ["/cancel", "POST"],
    ] as const) {
      const refused = await runRequest(stack.agentUrl, runId, route, stranger, { method });
      expect(refused.status).toBe(404);
    }
    expect((await runRequest(stack.agentUrl, "no-such-run", "", person)).status).toBe(404);

    const stopped = await runRequest(stack.agentUrl, runId, "/cancel", person, { method: "POST" });
    expect(RunInfoSchema.parse(await stopped.json()).status).toBe("cancelled");
    await waitForInquiryStatus(inquiryId!, "cancelled");
  });

  it("re-attaches through another agent, which resumes the run when the first one stops", async () => {
    const first = createAgentServer({ ...stack.agentConfig, runStore: store });
    const firstUrl = await listen(first);
    const response = await startRun(firstUrl);
    const runId = response.headers.get(RUN_ID_HEADER)!;
    let inquiryId: string | undefined;
    const before = await readEvents(
      response,
      (event) => (inquiryId = openedInquiry(event)) !== undefined,
    );

    const seen = await readEvents(
      await runRequest(stack.agentUrl, runId, "/events?after=0", person),
      (event) => event.id === before.at(-1)!.id,
    );
    expect(seen).toEqual(before);

    await first.close();
    expect((await store.get(runId))?.status).toBe("running");
    const attached = runRequest(stack.agentUrl, runId, "/events", person, {
      headers: { "last-event-id": String(before.at(-1)!.id) },
    });
    await waitForInquiryStatus(inquiryId!, "pending");
    const answered = stack.answer(person, inquiryId!, { response: "Hangzhou" });
    const rest = await readEvents(await attached);
    expect((await answered).status).toBe(200);
    expect(rest[0]!.id).toBe(before.at(-1)!.id + 1);
    expect(rest.at(-1)!.data).toBe("[DONE]");
    expect(textOf(rest)).toMatch(/Hangzhou/);
    expect((await store.get(runId))?.status).toBe("completed");
  });
});
