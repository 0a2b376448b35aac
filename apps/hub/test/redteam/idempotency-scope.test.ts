import {
  CreatedAgentKeySchema,
  IDEMPOTENCY_META_KEY,
  WITHDRAW_REASON,
} from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUntilOpened, resultText, startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import type { TestDevice } from "../socket-helpers";

/**
 * Issue 31, Low: idempotency keys were per user, so key B, sending the idempotency key key A
 * used, held on A's question: it received A's answer, and stopping its own call withdrew A's
 * question from the person's devices. A key is now its credential's own: B's call opens B's
 * own card, A's question stays pending until the person answers it, and A gets that answer.
 */
describe("red team: one agent key reuses another's idempotency key", () => {
  let hub: TestHub;
  let person: TestLogin;
  let phone: TestDevice;

  beforeAll(async () => {
    hub = await startTestHub({ inquiryTimeoutSeconds: 600 });
    person = await hub.registerUser("idem-scope");
    phone = await hub.devices.connect({ token: person.token });
  });
  afterAll(() => hub.close());

  async function createAgentKey(name: string): Promise<string> {
    const response = await hub.request("/api/agent-keys", { token: person.token, body: { name } });
    expect(response.status).toBe(201);
    return CreatedAgentKeySchema.parse(await response.json()).secret;
  }

  const keyed = (key: string, prompt: string) => ({
    name: "send_inquiry",
    arguments: { prompt },
    _meta: { [IDEMPOTENCY_META_KEY]: key },
  });

  const statusOf = async (inquiryId: string) =>
    (await hub.hub.inquiries.get(person.userId, inquiryId)).status;

  async function answer(inquiryId: string, response: string): Promise<void> {
    const answered = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token: person.token,
      body: { response },
    });
    expect(answered.status).toBe(200);
  }

  it("key B gets its own card, and stopping it leaves A's question pending for A's answer", async () => {
    const keyA = await hub.connectMcp(await createAgentKey("agent A"));
    const keyB = await hub.connectMcp(await createAgentKey("agent B"));
    const asked = await callUntilOpened(
      keyA,
      keyed("run-1:call-1", "May I pay the rent?"),
      "INQUIRY",
    );

    const stopB = new AbortController();
    const reused = await callUntilOpened(keyB, keyed("run-1:call-1", "Which city?"), "INQUIRY", {
      signal: stopB.signal,
    });
    expect(reused.inquiryId, "B's call opened a question of its own").not.toBe(asked.inquiryId);
    await waitFor(() =>
      Promise.resolve(phone.created.some((card) => card.id === reused.inquiryId) || undefined),
    );

    stopB.abort(WITHDRAW_REASON);
    await reused.call.catch(() => undefined);
    await waitFor(async () =>
      (await statusOf(reused.inquiryId)) === "cancelled" ? true : undefined,
    );
    expect(await statusOf(asked.inquiryId), "A's question is still asked").toBe("pending");
    expect(phone.withdrawn.map((each) => each.inquiryId)).not.toContain(asked.inquiryId);

    await answer(asked.inquiryId, "Yes, pay it");
    expect(resultText(await asked.call)).toBe("Yes, pay it");
  });

  it("key B repeating A's key after A was answered never receives A's answer", async () => {
    const keyA = await hub.connectMcp(await createAgentKey("agent A2"));
    const keyB = await hub.connectMcp(await createAgentKey("agent B2"));
    const asked = await callUntilOpened(keyA, keyed("run-2:call-1", "My PIN?"), "INQUIRY");
    await answer(asked.inquiryId, "4321");
    expect(resultText(await asked.call)).toBe("4321");

    const reused = await callUntilOpened(keyB, keyed("run-2:call-1", "My PIN?"), "INQUIRY");
    expect(reused.inquiryId).not.toBe(asked.inquiryId);
    expect(await statusOf(reused.inquiryId), "a new question, not A's final one").toBe("pending");
    await answer(reused.inquiryId, "ask the person yourself");
    expect(resultText(await reused.call)).toBe("ask the person yourself");

    const replayA = await keyA.callTool(keyed("run-2:call-1", "My PIN?"));
    expect(resultText(replayA), "A's own repeat still gets A's answer").toBe("4321");
  });
});
