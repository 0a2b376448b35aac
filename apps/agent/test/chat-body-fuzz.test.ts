import { AgentChatRequestSchema, DEMO_MODEL_ID } from "@inquiry-hub/protocol";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startStack } from "./stack";
import type { Stack } from "./stack";

/** Bodies per property: each is one real HTTP request refused before any model or tool runs. */
const FUZZ_RUNS = 150;

const OpenAiErrorSchema = z.object({
  error: z.object({ message: z.string().min(1), type: z.string().min(1) }),
});

/** Near misses of a chat body: real keys and roles with wrong types, sizes and shapes. */
const message = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.record(
    {
      role: fc.oneof(fc.constantFrom("user", "assistant", "tool", "system", "admin"), fc.string()),
      content: fc.oneof(fc.string(), fc.anything({ maxDepth: 2 })),
      tool_call_id: fc.oneof(fc.constant(""), fc.anything({ maxDepth: 1 })),
      tool_calls: fc.array(
        fc.record(
          {
            id: fc.oneof(fc.constant(""), fc.string()),
            type: fc.oneof(fc.constant("function"), fc.string()),
            function: fc.anything({ maxDepth: 2 }),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: [] },
  ),
);
const chatBody = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.record(
    {
      model: fc.oneof(fc.constant(DEMO_MODEL_ID), fc.constant(""), fc.anything({ maxDepth: 1 })),
      messages: fc.oneof(fc.array(message, { maxLength: 4 }), fc.anything({ maxDepth: 2 })),
      stream: fc.anything({ maxDepth: 1 }),
      inquiry_timeout: fc.oneof(fc.double(), fc.integer({ min: -10, max: 100_000 }), fc.string()),
      yolo: fc.anything({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  ),
);

/**
 * Invariant 5 for the agent: random `POST /v1/chat/completions` bodies that its schema refuses,
 * and bytes that are not JSON at all, sent over real HTTP with a valid run credential, get a
 * 400 in OpenAI's error shape; the person's hub account has no inquiry afterwards (no tool
 * ran), and the agent still serves `/v1/models`.
 */
describe("bad chat bodies", () => {
  let stack: Stack;
  let personToken: string;
  let runToken: string;
  let sent = 0;

  beforeAll(async () => {
    stack = await startStack();
    personToken = await stack.registerUser();
    runToken = await stack.mintRunCredential(personToken);
  });
  afterAll(async () => {
    console.log(`fuzz: agent chat bodies ${sent} malformed requests, all 400, no inquiry created`);
    await stack.close();
  });

  async function post(raw: string): Promise<Response> {
    sent += 1;
    return fetch(new URL("/v1/chat/completions", stack.agentUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${runToken}`, "content-type": "application/json" },
      body: raw,
    });
  }

  async function expectRefused(raw: string): Promise<void> {
    const response = await post(raw);
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(OpenAiErrorSchema.safeParse(JSON.parse(text)).success, text).toBe(true);
  }

  async function expectNothingChanged(): Promise<void> {
    const listed = await fetch(new URL("/api/inquiries", stack.hubUrl), {
      headers: { authorization: `Bearer ${personToken}` },
    });
    expect(await listed.json()).toEqual([]);
    expect(
      (
        await fetch(new URL("/v1/models", stack.agentUrl), {
          headers: { authorization: `Bearer ${runToken}` },
        })
      ).status,
    ).toBe(200);
  }

  it("any body the chat schema refuses is a 400 in OpenAI's shape, and nothing runs", async () => {
    await fc.assert(
      fc.asyncProperty(
        chatBody.filter((body) => !AgentChatRequestSchema.safeParse(body).success),
        (body) => expectRefused(JSON.stringify(body) ?? "null"),
      ),
      { numRuns: FUZZ_RUNS },
    );
    await expectNothingChanged();
  });

  it("bytes that are not JSON are a 400 in OpenAI's shape, and nothing runs", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 200 }), async (raw) => {
        fc.pre(!isJson(raw));
        await expectRefused(raw);
      }),
      { numRuns: FUZZ_RUNS },
    );
    await expectNothingChanged();
  });
});

function isJson(raw: string): boolean {
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
}
