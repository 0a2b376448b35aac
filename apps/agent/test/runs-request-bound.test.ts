import { DEMO_MODEL_ID } from "@inquiry-hub/protocol";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentServer } from "../src/index";
import { eventually, hubApi } from "./support/hub-api";
import { WEATHER_QUESTION, listenAgent, readStreamUntilQuestion } from "./support/run-sse";
import { startStack } from "./stack";
import type { Stack } from "./stack";

let stack: Stack;
let person: string;

beforeAll(async () => {
  stack = await startStack();
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
});

describe("a streaming chat without background", () => {
  it("still belongs to its request: a client disconnect cancels the run and withdraws the question", async () => {
    const token = await stack.mintRunCredential(person);
    const controller = new AbortController();
    const stream = await stack.openai(token).chat.completions.create(
      {
        model: DEMO_MODEL_ID,
        stream: true,
        messages: [{ role: "user", content: WEATHER_QUESTION }],
      },
      { signal: controller.signal },
    );
    const inquiryId = await readStreamUntilQuestion(stream);
    controller.abort();

    const withdrawn = await eventually(
      "the question's withdrawal",
      () => stack.getInquiry(person, inquiryId),
      (inquiry) => inquiry.status !== "pending",
    );
    expect(withdrawn.status).toBe("cancelled");
    const [listed] = await hubApi(stack.hubUrl).history(person);
    expect(listed).toMatchObject({ id: inquiryId, status: "cancelled" });
  });

  it("is not withdrawn by the agent's own shutdown: the question stays open for a repeat of the call", async () => {
    const agent = createAgentServer(stack.agentConfig);
    const url = await listenAgent(agent);
    const client = new OpenAI({
      baseURL: new URL("/v1", url).href,
      apiKey: await stack.mintRunCredential(person),
      maxRetries: 0,
    });
    const stream = await client.chat.completions.create({
      model: DEMO_MODEL_ID,
      stream: true,
      messages: [{ role: "user", content: WEATHER_QUESTION }],
    });
    const inquiryId = await readStreamUntilQuestion(stream);
    await agent.close();

    const detached = await eventually(
      "the call's detach",
      () => stack.getInquiry(person, inquiryId),
      (inquiry) => inquiry.agentWaiting === false || inquiry.status !== "pending",
    );
    expect(detached.status).toBe("pending");
    expect((await stack.answer(person, inquiryId, { response: "Hangzhou" })).status).toBe(200);
  });
});
