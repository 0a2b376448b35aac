import { RUN_ID_HEADER } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryRunStore } from "../src/index";
import type { ModelProvider, RunStore } from "../src/index";
import { readEvents, runRequest, textOf } from "./support/run-sse";
import { startStack } from "./stack";
import type { Stack } from "./stack";

/** Slower than the sweep period: a claim takes a round trip on Redis; here it takes longer. */
const CLAIM_DELAY_MS = 60;
const SWEEP_MS = 5;
const ANSWER = ["One ", "answer, ", "once."];
/** Long enough that a second execution launched by the sweep would start before the first ends. */
const WORD_DELAY_MS = 80;

let generations = 0;

/** Counts its turns: a run executed twice would ask it twice. */
const countingModel: ModelProvider = {
  id: "counting-model",
  async *generate() {
    generations += 1;
    for (const word of ANSWER) {
      await new Promise((resolve) => setTimeout(resolve, WORD_DELAY_MS));
      yield { type: "content", text: word };
    }
  },
};

/** The memory store with claims as slow as a far-away Redis. */
function slowClaims(store: RunStore): RunStore {
  return {
    ...store,
    claim: async (runId, nodeId, ttlMs) => {
      await new Promise((resolve) => setTimeout(resolve, CLAIM_DELAY_MS));
      return store.claim(runId, nodeId, ttlMs);
    },
  };
}

let stack: Stack;
let store: RunStore;
let person: string;

beforeAll(async () => {
  store = createMemoryRunStore();
  stack = await startStack({
    runStore: slowClaims(store),
    models: [countingModel],
    resumeSweepMs: SWEEP_MS,
  });
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
  await store.close();
});

describe("the resume sweep beside a run being started on the same node", () => {
  it("never executes the run a second time", async () => {
    const started = await fetch(new URL("/v1/chat/completions", stack.agentUrl), {
      method: "POST",
      headers: {
        authorization: `Bearer ${await stack.mintRunCredential(person)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        model: countingModel.id,
        stream: true,
        background: true,
        messages: [{ role: "user", content: "Say it once." }],
      }),
    });
    const runId = started.headers.get(RUN_ID_HEADER) ?? "";
    void started.body?.cancel();
    const events = await readEvents(
      await runRequest(stack.agentUrl, runId, "/events?after=0", person),
    );
    expect(textOf(events)).toBe(ANSWER.join(""));
    expect(generations).toBe(1);
    expect((await store.get(runId))?.status).toBe("completed");
  });
});
