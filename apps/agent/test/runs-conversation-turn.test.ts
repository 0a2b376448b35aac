import { RUN_ID_HEADER, RUN_METADATA_KEYS } from "@inquiry-hub/protocol";
import type { Turn } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoModel, createMemoryRunStore } from "../src/index";
import type { ModelProvider, RunStore } from "../src/index";
import { eventually, hubApi } from "./support/hub-api";
import type { HubApi } from "./support/hub-api";
import {
  WEATHER_QUESTION,
  readEvents,
  readUntilQuestion,
  runRequest,
  startBackgroundRun,
} from "./support/run-sse";
import { startStack } from "./stack";
import type { Stack } from "./stack";

/** A model that starts to answer, then fails: the run must end `failed` with what it said. */
const BREAKING_MODEL_ID = "breaking-model";
const breakingModel: ModelProvider = {
  id: BREAKING_MODEL_ID,
  async *generate() {
    yield { type: "content", text: "Let me think. " };
    await new Promise((resolve) => setImmediate(resolve));
    throw new Error("the upstream model broke");
  },
};

let stack: Stack;
let store: RunStore;
let hub: HubApi;
let person: string;

beforeAll(async () => {
  store = createMemoryRunStore();
  stack = await startStack({ runStore: store, models: [createDemoModel(), breakingModel] });
  hub = hubApi(stack.hubUrl);
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
  await store.close();
});

/** A stored turn and a fresh run credential, as the web prepares every message. */
async function prepareTurn(): Promise<{ conversationId: string; turnId: string; token: string }> {
  const conversation = await hub.createConversation(person);
  const turn = await hub.startTurn(person, conversation.id, WEATHER_QUESTION);
  expect(turn.status).toBe("pending");
  return {
    conversationId: conversation.id,
    turnId: turn.id,
    token: await stack.mintRunCredential(person, {
      conversationId: conversation.id,
      turnId: turn.id,
    }),
  };
}

const metadataOf = (turn: { conversationId: string; turnId: string }) => ({
  [RUN_METADATA_KEYS.conversationId]: turn.conversationId,
  [RUN_METADATA_KEYS.turnId]: turn.turnId,
});

const finalTurn = (conversationId: string, turnId: string): Promise<Turn> =>
  eventually(
    "the turn's final report",
    () => hub.readTurn(person, conversationId, turnId),
    (turn) => turn.status !== "pending" && turn.status !== "running",
  );

describe("a background run answering a conversation turn", () => {
  it("marks the turn running, stores the reply in order when done and revokes its credential", async () => {
    const prepared = await prepareTurn();
    const response = await startBackgroundRun(stack.agentUrl, prepared.token, metadataOf(prepared));
    const runId = response.headers.get(RUN_ID_HEADER)!;
    const { inquiryId } = await readUntilQuestion(response);

    const running = await hub.readTurn(person, prepared.conversationId, prepared.turnId);
    expect(running).toMatchObject({ status: "running", runId, reply: [] });

    expect((await stack.answer(person, inquiryId, { response: "Hangzhou" })).status).toBe(200);
    const ended = await finalTurn(prepared.conversationId, prepared.turnId);
    expect(ended.status).toBe("completed");
    expect(ended.runId).toBe(runId);
    expect(ended.reply[0]).toEqual({ type: "inquiry", inquiryId });
    expect(ended.reply).toHaveLength(2);
    const answer = ended.reply[1];
    expect(answer?.type === "text" ? answer.text : undefined).toMatch(/Hangzhou/);
    expect(ended.finishedAt).toBeDefined();

    await eventually(
      "the run credential's revocation",
      () => hub.meStatus(prepared.token),
      (s) => s === 401,
    );
    expect(await hub.meStatus(person)).toBe(200);
  });

  it("ends the turn failed with the text so far and an error part when the model breaks", async () => {
    const prepared = await prepareTurn();
    const response = await fetch(new URL("/v1/chat/completions", stack.agentUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${prepared.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: BREAKING_MODEL_ID,
        stream: true,
        background: true,
        metadata: metadataOf(prepared),
        messages: [{ role: "user", content: WEATHER_QUESTION }],
      }),
    });
    const runId = response.headers.get(RUN_ID_HEADER)!;
    expect((await readEvents(response)).at(-1)?.data).toBe("[DONE]");

    const ended = await finalTurn(prepared.conversationId, prepared.turnId);
    expect(ended).toMatchObject({ status: "failed", runId });
    const [said, failure] = ended.reply;
    expect(said).toEqual({ type: "text", text: "Let me think. " });
    expect(failure?.type).toBe("error");
    expect(ended.reply).toHaveLength(2);
    expect((await store.get(runId))?.status).toBe("failed");
    await eventually(
      "the run credential's revocation",
      () => hub.meStatus(prepared.token),
      (s) => s === 401,
    );
  });

  it("ends the turn cancelled on Stop and withdraws the question", async () => {
    const prepared = await prepareTurn();
    const response = await startBackgroundRun(stack.agentUrl, prepared.token, metadataOf(prepared));
    const runId = response.headers.get(RUN_ID_HEADER)!;
    const { inquiryId } = await readUntilQuestion(response);

    const stopped = await runRequest(stack.agentUrl, runId, "/cancel", person, { method: "POST" });
    expect(stopped.status).toBe(200);
    const ended = await finalTurn(prepared.conversationId, prepared.turnId);
    expect(ended).toMatchObject({ status: "cancelled", runId });
    expect(ended.reply[0]).toEqual({ type: "inquiry", inquiryId });
    await eventually(
      "the question's withdrawal",
      () => stack.getInquiry(person, inquiryId),
      (inquiry) => inquiry.status === "cancelled",
    );
    await eventually(
      "the run credential's revocation",
      () => hub.meStatus(prepared.token),
      (s) => s === 401,
    );
  });
});
