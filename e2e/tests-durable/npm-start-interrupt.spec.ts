import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  AgentRunCredentialSchema,
  AuthResponseSchema,
  DEMO_MODEL_ID,
  InquirySchema,
  RUN_ID_HEADER,
  RunInfoSchema,
  parseAgentSseData,
} from "@inquiry-hub/protocol";
import type { AgentStreamEvent } from "@inquiry-hub/protocol";
import { WEATHER_WITHOUT_CITY } from "../support/durable-chat";
import { NPM_START_PORTS, npmStart } from "../support/npm-start";
import type { NpmStart } from "../support/npm-start";

/**
 * Issue 32: Ctrl-C on `npm start` (SIGINT to its whole process group, as a terminal sends it)
 * while a chat's question is open, then `npm start` again. The question must stay open — the
 * same card on the phone — and the chat's run must resume and finish with the phone's answer.
 * Before the fix the restarted agent, up before the hub, ended the run `failed` and revoked its
 * credential, which withdrew the question.
 */
/** The product's data and the two starts' logs, emptied when the test starts, kept after it. */
const dataDir = path.join(tmpdir(), "inquiry-hub-e2e-npm-start");
let product: NpmStart | undefined;

test.beforeAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
});

test.afterAll(async () => {
  await product?.interrupt();
});

async function hubCall(route: string, token: string | undefined, body?: unknown) {
  const response = await fetch(new URL(route, product!.hubUrl), {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${route}`).toBeLessThan(300);
  return (await response.json()) as unknown;
}

/** The ids of the cards the person's devices list as open (the phone's inbox). */
async function openCards(person: string): Promise<string[]> {
  const listed = InquirySchema.array().parse(
    await hubCall("/api/inquiries?status=pending", person),
  );
  return listed.map((inquiry) => inquiry.id);
}

async function runStatus(person: string, runId: string): Promise<string> {
  const response = await fetch(new URL(`/v1/runs/${runId}`, product!.agentUrl), {
    headers: { authorization: `Bearer ${person}` },
  });
  return RunInfoSchema.parse(await response.json()).status;
}

/** Reads a run's SSE events until `stop` holds or the stream ends. */
async function readEvents(
  response: Response,
  stop: (event: AgentStreamEvent) => boolean,
): Promise<AgentStreamEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: AgentStreamEvent[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffer += value;
    const blocks = buffer.split("\n\n");
    buffer = blocks.pop() ?? "";
    for (const block of blocks) {
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data === undefined) continue;
      const event = parseAgentSseData(data);
      events.push(event);
      if (stop(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

test("Ctrl-C on npm start with a chat question open: the same card after npm start again, and the run finishes with the answer", async () => {
  test.setTimeout(600_000);
  product = npmStart(NPM_START_PORTS, dataDir, 1);
  await product.ready();

  const { token: person } = AuthResponseSchema.pick({ token: true }).parse(
    await hubCall("/api/auth/register", undefined, {
      username: `ctrl_c_${Date.now()}`,
      password: "correct horse battery",
    }),
  );
  const { token: runCredential } = AgentRunCredentialSchema.parse(
    await hubCall("/api/agent-runs", person, {}),
  );
  const started = await fetch(new URL("/v1/chat/completions", product.agentUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${runCredential}`, "content-type": "application/json" },
    body: JSON.stringify({
      model: DEMO_MODEL_ID,
      stream: true,
      background: true,
      messages: [{ role: "user", content: WEATHER_WITHOUT_CITY }],
    }),
  });
  expect(started.status).toBe(200);
  const runId = started.headers.get(RUN_ID_HEADER)!;
  const opened = (await readEvents(started, (event) => event.type === "inquiry_opened")).at(-1);
  if (opened?.type !== "inquiry_opened") throw new Error("the run ended without its question");
  const inquiryId = opened.inquiry.inquiryId;
  expect(await openCards(person)).toEqual([inquiryId]);

  await product.interrupt();
  product = npmStart(NPM_START_PORTS, dataDir, 2);
  await product.ready();

  // The restarted agent resumes the run (its first sweeps may find the hub not up yet).
  await expect.poll(() => runStatus(person, runId), { timeout: 30_000 }).toBe("running");
  // Long enough for a resume to have failed and withdrawn the question, as it did before.
  await expect
    .poll(() => openCards(person), { intervals: [1_000], timeout: 12_000 })
    .toEqual([inquiryId]);
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  expect(await openCards(person)).toEqual([inquiryId]);
  expect(await runStatus(person, runId)).toBe("running");

  await hubCall(`/api/inquiries/${inquiryId}/answer`, person, { response: "Lisbon" });
  const rest = await fetch(new URL(`/v1/runs/${runId}/events`, product.agentUrl), {
    headers: { authorization: `Bearer ${person}`, "last-event-id": "0" },
  });
  const events = await readEvents(rest, (event) => event.type === "done");
  expect(events.filter((event) => event.type === "error")).toEqual([]);
  const text = events.map((event) => (event.type === "content" ? event.text : "")).join("");
  expect(text).toContain("Lisbon");
  expect(await runStatus(person, runId)).toBe("completed");
  expect(await openCards(person)).toEqual([]);
});
