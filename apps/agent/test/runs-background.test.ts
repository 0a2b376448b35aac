import { RUN_ID_HEADER, RunInfoSchema } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentServer, createMemoryRunStore } from "../src/index";
import type { RunStore } from "../src/index";
import {
  listenAgent,
  openedInquiry,
  readEvents,
  runRequest,
  startBackgroundRun,
  textOf,
} from "./support/run-sse";
import { startStack } from "./stack";
import type { Stack } from "./stack";

let stack: Stack;
let store: RunStore;
let person: string;

beforeAll(async () => {
  store = createMemoryRunStore();
  // No hub heartbeat within a test: a run waiting on its question then logs nothing, so the
  // head of its log is exactly what a listener last read.
  stack = await startStack({ runStore: store }, {}, { heartbeatSeconds: 3_600 });
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
  await store.close();
});

/** Starts a run with a fresh run credential (a run revokes its own when it ends), as the web does. */
async function startRun(agentUrl: URL): Promise<Response> {
  return startBackgroundRun(agentUrl, await stack.mintRunCredential(person));
}

async function waitForInquiryStatus(inquiryId: string, status: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await stack.getInquiry(person, inquiryId)).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`inquiry ${inquiryId} never became ${status}`);
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
    const firstUrl = await listenAgent(first);
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
