import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@inquiry-hub/logging";
import { RUN_ID_HEADER } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentServer } from "../src/index";
import type { AgentServer } from "../src/index";
import { createLmdbRunStore } from "../src/stores/lmdb/lmdb-run-store";
import type { LmdbRunStore } from "../src/stores/lmdb/lmdb-run-store";
import { hubApi } from "./support/hub-api";
import {
  listenAgent,
  readEvents,
  readUntilQuestion,
  reattach,
  startBackgroundRun,
  textOf,
} from "./support/run-sse";
import { startStack } from "./stack";
import type { Stack } from "./stack";

const TTL_MS = 60_000;

let stack: Stack;
let dataDir: string;
let person: string;

beforeAll(async () => {
  stack = await startStack();
  dataDir = await mkdtemp(path.join(tmpdir(), "agent-embedded-restart-"));
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** One `npm start` of the agent: its embedded store in `dataDir` and its server. */
async function startAgent(): Promise<{ url: URL; store: LmdbRunStore; server: AgentServer }> {
  const store = createLmdbRunStore({ dir: dataDir, ttlMs: TTL_MS, logger: silentLogger() });
  const server = createAgentServer({ ...stack.agentConfig, runStore: store });
  return { url: await listenAgent(server), store, server };
}

describe("an agent on the embedded store", () => {
  it("resumes a run waiting on its question after a restart on the same data folder", async () => {
    const before = await startAgent();
    const response = await startBackgroundRun(before.url, await stack.mintRunCredential(person));
    const runId = response.headers.get(RUN_ID_HEADER)!;
    const { events: seen, inquiryId } = await readUntilQuestion(response);
    await before.server.close();
    await before.store.close();

    const after = await startAgent();
    try {
      expect((await after.store.get(runId))?.status).toBe("running");
      expect((await stack.answer(person, inquiryId, { response: "Hangzhou" })).status).toBe(200);
      const rest = await readEvents(await reattach(after.url, runId, person, seen.at(-1)!.id));
      expect(rest.map((event) => event.id)).toEqual(
        rest.map((_, index) => seen.length + index + 1),
      );
      expect(rest.at(-1)!.data).toBe("[DONE]");
      expect(textOf(rest)).toMatch(/Hangzhou/);
      expect((await after.store.get(runId))?.status).toBe("completed");
      const history = await hubApi(stack.hubUrl).history(person);
      expect(history.map((item) => [item.id, item.status])).toEqual([[inquiryId, "answered"]]);
    } finally {
      await after.server.close();
      await after.store.close();
    }
  });
});
