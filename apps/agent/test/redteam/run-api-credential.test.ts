import {
  CreatedAgentKeySchema,
  HUB_TOOL_NAMES,
  RUN_ID_HEADER,
  RunInfoSchema,
} from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelProvider } from "../../src/index";
import { readEvents, readUntilQuestion, runRequest, textOf } from "../support/run-sse";
import { startStack } from "../stack";
import type { Stack } from "../stack";

/** What the person told their agent; no other agent of theirs may read it. */
const SECRET = "my bank PIN is 4321";

/**
 * A model that repeats the secret, then asks the person one question through the hub (so the
 * run stays running until they answer), then ends with "Saved.".
 */
const secretKeeper: ModelProvider = {
  id: "secret-keeper",
  async *generate({ messages }) {
    await Promise.resolve();
    if (messages.at(-1)?.role === "tool") {
      yield { type: "content", text: "Saved." };
      return;
    }
    yield { type: "content", text: `Noted: ${SECRET}. ` };
    yield {
      type: "tool_call",
      call: {
        id: "call_keep",
        type: "function",
        function: {
          name: HUB_TOOL_NAMES.sendInquiry,
          arguments: JSON.stringify({ prompt: "Keep this in your notes?" }),
        },
      },
    };
  },
};

/**
 * Issue 31, Low: the run API served any credential of the run's owner, so an unrelated agent
 * key of the same person read a chat's events (the PIN) and cancelled the run. Now only the
 * credential that started a run and the person's own sessions get past the 404.
 */
describe("red team: another agent key of the same person against a run", () => {
  let stack: Stack;
  let person: string;

  beforeAll(async () => {
    stack = await startStack({ models: [secretKeeper] });
    person = await stack.registerUser();
  });
  afterAll(() => stack.close());

  async function createAgentKey(name: string): Promise<string> {
    const response = await fetch(new URL("/api/agent-keys", stack.hubUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${person}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    expect(response.status).toBe(201);
    return CreatedAgentKeySchema.parse(await response.json()).secret;
  }

  /** Starts a background chat with `token` and reads it up to the person's question. */
  async function startSecretRun(token: string) {
    const response = await fetch(new URL("/v1/chat/completions", stack.agentUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: secretKeeper.id,
        stream: true,
        background: true,
        messages: [{ role: "user", content: `Remember: ${SECRET}` }],
      }),
    });
    const runId = response.headers.get(RUN_ID_HEADER);
    if (runId === null) throw new Error(`no run started: ${response.status}`);
    const { events, inquiryId } = await readUntilQuestion(response);
    expect(textOf(events)).toContain(SECRET);
    return { runId, inquiryId, lastEventId: events.at(-1)?.id ?? 0 };
  }

  const statusWith = async (token: string, runId: string) =>
    RunInfoSchema.parse(await (await runRequest(stack.agentUrl, runId, "", token)).json()).status;

  it("cannot read the run's events or cancel it: 404 each time, and the run finishes", async () => {
    const keyA = await createAgentKey("agent A");
    const keyB = await createAgentKey("agent B");
    const run = await startSecretRun(keyA);

    for (const [route, method] of [
      ["", "GET"],
      ["/events?after=0", "GET"],
      ["/cancel", "POST"],
    ] as const) {
      const refused = await runRequest(stack.agentUrl, run.runId, route, keyB, { method });
      expect(refused.status, `${method} ${route || "/"}`).toBe(404);
      expect(await refused.text()).not.toContain("4321");
    }

    expect(await statusWith(keyA, run.runId), "the run goes on").toBe("running");
    expect((await stack.getInquiry(person, run.inquiryId)).status).toBe("pending");
    expect((await stack.answer(person, run.inquiryId, { response: "yes" })).status).toBe(200);
    const rest = await readEvents(
      await runRequest(stack.agentUrl, run.runId, "/events", keyA, {
        headers: { "last-event-id": String(run.lastEventId) },
      }),
    );
    expect(rest.at(-1)?.data).toBe("[DONE]");
    expect(textOf(rest)).toContain("Saved.");
    expect(await statusWith(keyA, run.runId)).toBe("completed");
  });

  it("still serves the person's own sessions: the device and the web's viewer credential", async () => {
    const run = await startSecretRun(await createAgentKey("agent C"));
    expect(await statusWith(person, run.runId)).toBe("running");
    const viewer = await stack.mintRunCredential(person);
    const seen = await readEvents(
      await runRequest(stack.agentUrl, run.runId, "/events?after=0", viewer),
      (event) => event.id === run.lastEventId,
    );
    expect(textOf(seen)).toContain(SECRET);
    const stopped = await runRequest(stack.agentUrl, run.runId, "/cancel", viewer, {
      method: "POST",
    });
    expect(RunInfoSchema.parse(await stopped.json()).status).toBe("cancelled");
  });
});
