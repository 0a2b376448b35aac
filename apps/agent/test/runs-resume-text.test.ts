import { RUN_ID_HEADER } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentServer, createMemoryRunStore } from "../src/index";
import type { ModelProvider, RunStore } from "../src/index";
import { listenAgent, readEvents, runRequest, textOf } from "./support/run-sse";
import { startStack } from "./stack";
import type { Stack } from "./stack";

const WORDS = ["Tomorrow ", "in ", "Lisbon: ", "sunny, ", "24 °C."];
/** How many words the first node logs before it stalls and is shut down. */
const LOGGED_BEFORE_STOP = 3;

/** Resolves when the first node's turn has streamed its words and stalls. */
let stalled: () => void = () => undefined;
let stalledOnce = false;

/**
 * A deterministic text-only model: its first turn stalls after a few words until aborted
 * (the node shutting down mid-stream); every later turn streams the whole answer.
 */
const stallingModel: ModelProvider = {
  id: "stalling-model",
  async *generate({ signal }) {
    const stall = !stalledOnce;
    stalledOnce = true;
    for (const [index, word] of WORDS.entries()) {
      if (stall && index === LOGGED_BEFORE_STOP) {
        stalled();
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        signal.throwIfAborted();
      }
      await new Promise((resolve) => setImmediate(resolve));
      yield { type: "content", text: word };
    }
  },
};

let stack: Stack;
let store: RunStore;
let person: string;

beforeAll(async () => {
  store = createMemoryRunStore();
  stack = await startStack({ runStore: store, models: [stallingModel] });
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
  await store.close();
});

describe("a run resumed while its model was streaming text", () => {
  it("continues after the text already logged instead of repeating it", async () => {
    const first = createAgentServer({ ...stack.agentConfig, runStore: store });
    const firstUrl = await listenAgent(first);
    const stalledNow = new Promise<void>((resolve) => (stalled = resolve));
    const started = await fetch(new URL("/v1/chat/completions", firstUrl), {
      method: "POST",
      headers: {
        authorization: `Bearer ${await stack.mintRunCredential(person)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        model: stallingModel.id,
        stream: true,
        background: true,
        messages: [{ role: "user", content: "Weather in Lisbon tomorrow?" }],
      }),
    });
    const runId = started.headers.get(RUN_ID_HEADER)!;
    void started.body?.cancel();
    await stalledNow;
    await first.close();
    const logged = await store.read(runId, 0, 100);
    expect(textOf(logged)).toBe(WORDS.slice(0, LOGGED_BEFORE_STOP).join(""));

    const whole = await readEvents(
      await runRequest(stack.agentUrl, runId, "/events?after=0", person),
    );
    expect(whole.slice(0, logged.length)).toEqual(logged);
    expect(whole.at(-1)!.data).toBe("[DONE]");
    expect(textOf(whole)).toBe(WORDS.join(""));
    expect((await store.get(runId))?.status).toBe("completed");
  });
});
