import { DEMO_MODEL_ID, parseAgentSseData } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, hubApi } from "./support/hub-api";
import { WEATHER_QUESTION } from "./support/run-sse";
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
    let inquiryId: string | undefined;
    for await (const chunk of stream) {
      const event = parseAgentSseData(JSON.stringify(chunk));
      if (event.type === "inquiry_opened") {
        inquiryId = event.inquiry.inquiryId;
        break;
      }
    }
    expect(inquiryId).toBeDefined();
    controller.abort();

    const withdrawn = await eventually(
      "the question's withdrawal",
      () => stack.getInquiry(person, inquiryId!),
      (inquiry) => inquiry.status !== "pending",
    );
    expect(withdrawn.status).toBe("cancelled");
    const [listed] = await hubApi(stack.hubUrl).history(person);
    expect(listed).toMatchObject({ id: inquiryId, status: "cancelled" });
  });
});
