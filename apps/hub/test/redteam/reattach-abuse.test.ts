import type { Client as V2Client } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resultText, waitFor } from "../helpers";
import { answerOver } from "../socket-helpers";
import { decisionOf, requestApproval, SEND_EMAIL } from "../support/request-approval";
import { settle } from "./agent-asks";
import { firstCard, opensCard, startReattachBench } from "./reattach-bench";
import type { ReattachBench } from "./reattach-bench";
import { REDTEAM_SIZES } from "./scale";

/**
 * Issue 32: a call without an idempotency key holds on its repeat key (tool and arguments),
 * so a repeat re-attaches to the pending card and an answer given while nobody waited is kept
 * for the next matching call. The attacks: another credential of the person sending the same
 * question to take the answer, and repeats after delivery to take it a second time. The
 * defences: the key is the credential's own (IdempotencyScope), and a kept answer or decision
 * is handed out once (takeKept, beginDelivery, forget) before the same call asks anew.
 */
describe("red team: re-attaching to another call's question (issue 32)", () => {
  let reattach: ReattachBench;
  let asked = 0;

  beforeAll(async () => {
    reattach = await startReattachBench("reattach");
  });
  afterEach(() => reattach.bench.reset());
  afterAll(() => reattach.close());

  /** A send_inquiry no other test asks, so no earlier card is in the way. */
  function question(prompt: string) {
    asked += 1;
    return {
      name: "send_inquiry",
      arguments: { prompt: `${prompt} (#${asked})`, options: ["Personal", "Business"] },
    };
  }

  async function answerOnPhone(inquiryId: string, response: string): Promise<void> {
    const ack = await answerOver(reattach.bench.phone.socket, { inquiryId, response });
    expect(ack).not.toHaveProperty("error");
  }

  const onPhone = (inquiryId: string): Promise<true> =>
    waitFor(async () =>
      Promise.resolve(
        reattach.bench.phone.created.some((card) => card.id === inquiryId) || undefined,
      ),
    );

  /** Whether `call` has settled by now (after letting in-flight deliveries land). */
  async function settled(call: Promise<unknown>): Promise<boolean> {
    let done = false;
    void call.then(
      () => (done = true),
      () => (done = true),
    );
    await settle();
    return done;
  }

  /** Opens `params` on `client`, then detaches it as a client's timeout does (no reason). */
  async function askAndDetach(client: Client, params: ReturnType<typeof question>) {
    const stop = new AbortController();
    const opened = await opensCard(client, params, "INQUIRY", { signal: stop.signal });
    stop.abort();
    await expect(opened.call).rejects.toThrow();
    await reattach.detached(opened.inquiryId);
    return opened.inquiryId;
  }

  it("attack 1a: key B repeating key A's pending question gets its own card, never A's answer", async () => {
    const agentA = await reattach.bench.hub.connectMcp(reattach.keyA);
    const agentB = await reattach.bench.hub.connectMcp(reattach.keyB);
    const params = question("Which account may I charge?");
    const first = await opensCard(agentA, params, "INQUIRY");
    const second = await opensCard(agentB, params, "INQUIRY");
    expect(second.inquiryId, "B's call opened a card of its own").not.toBe(first.inquiryId);
    await Promise.all([onPhone(first.inquiryId), onPhone(second.inquiryId)]);

    await answerOnPhone(first.inquiryId, "Business");
    expect(resultText(await first.call)).toBe("Business");
    expect(await settled(second.call), "B still waits for its own card").toBe(false);
    expect((await reattach.inquiry(second.inquiryId)).status).toBe("pending");

    await answerOnPhone(second.inquiryId, "Personal");
    expect(resultText(await second.call)).toBe("Personal");
  });

  it("attack 1b: an answer kept for A while nobody waited never goes to key B's same question", async () => {
    const agentA = await reattach.bench.hub.connectMcp(reattach.keyA);
    const agentB = await reattach.bench.hub.connectMcp(reattach.keyB);
    const params = question("May I book the flight?");
    const keptFor = await askAndDetach(agentA, params);
    await answerOnPhone(keptFor, "Business");

    const taker = await opensCard(agentB, params, "INQUIRY");
    expect(taker.inquiryId, "B asks the person anew").not.toBe(keptFor);
    await onPhone(taker.inquiryId);
    expect(await settled(taker.call), "B did not get A's kept answer").toBe(false);

    expect(resultText(await agentA.callTool(params)), "A's next call takes its answer").toBe(
      "Business",
    );
    await answerOnPhone(taker.inquiryId, "Personal");
    expect(resultText(await taker.call)).toBe("Personal");
  });

  it.each(["the held call", "the next call after a detach"])(
    "attack 3: after the answer went to %s, the same call again opens a new card",
    async (deliveredTo) => {
      const agent = await reattach.bench.hub.connectMcp(reattach.keyA);
      const params = question("Ship it on Friday?");
      let answered: string;
      if (deliveredTo === "the held call") {
        const first = await opensCard(agent, params, "INQUIRY");
        answered = first.inquiryId;
        await answerOnPhone(answered, "Business");
        expect(resultText(await first.call)).toBe("Business");
      } else {
        answered = await askAndDetach(agent, params);
        await answerOnPhone(answered, "Business");
        expect(resultText(await agent.callTool(params))).toBe("Business");
      }

      const again = await opensCard(agent, params, "INQUIRY");
      expect(again.inquiryId, "a new card, not the delivered one").not.toBe(answered);
      await onPhone(again.inquiryId);
      expect(await settled(again.call), "the old answer is not returned again").toBe(false);
      await answerOnPhone(again.inquiryId, "Personal");
      expect(resultText(await again.call)).toBe("Personal");
    },
  );

  describe("attack 4: request_approval without a key", () => {
    let sent = 0;
    /** SEND_EMAIL with a subject no other call used. */
    function email() {
      sent += 1;
      return {
        ...SEND_EMAIL,
        arguments: { ...SEND_EMAIL.arguments, subject: `Launch ${sent}` },
      };
    }

    /** Opens the approval, detaches it (no reason), and the phone approves meanwhile. */
    async function approvedWhileNobodyWaited(client: V2Client, args: typeof SEND_EMAIL) {
      const stop = new AbortController();
      const first = requestApproval(client, args, { signal: stop.signal });
      const kept = await firstCard(first.call, first.progress, "APPROVAL");
      stop.abort();
      await expect(first.call).rejects.toThrow();
      await reattach.detached(kept);
      const ack = await answerOver(reattach.bench.phone.socket, {
        inquiryId: kept,
        action: "approve",
      });
      expect(ack).not.toHaveProperty("error");
      return kept;
    }

    async function rejectOnPhone(inquiryId: string): Promise<void> {
      const ack = await answerOver(reattach.bench.phone.socket, { inquiryId, action: "reject" });
      expect(ack).not.toHaveProperty("error");
    }

    it("the kept approve goes to one repeat; the next repeat gets a new card", async () => {
      const client = await reattach.bench.agent("2025 session");
      const args = email();
      const kept = await approvedWhileNobodyWaited(client, args);

      const repeat = requestApproval(client, args);
      expect(decisionOf(await repeat.call)).toMatchObject({ inquiryId: kept, decision: "approve" });
      expect(repeat.progress.metas, "a kept decision opens no card").toEqual([]);

      const again = requestApproval(client, args);
      const fresh = await firstCard(again.call, again.progress, "APPROVAL");
      expect(fresh, "the second repeat asks anew").not.toBe(kept);
      expect(await settled(again.call), "and is not approved by the old decision").toBe(false);
      await rejectOnPhone(fresh);
      expect(decisionOf(await again.call)).toMatchObject({ inquiryId: fresh, decision: "reject" });
    });

    it("two racing repeats: exactly one takes the kept approve, the other asks anew", async () => {
      const client = await reattach.bench.agent("2025 session");
      for (let round = 0; round < REDTEAM_SIZES.repeats; round += 1) {
        const args = email();
        const kept = await approvedWhileNobodyWaited(client, args);
        const racers = [requestApproval(client, args), requestApproval(client, args)];
        const fresh = await waitFor(async () =>
          Promise.resolve(
            racers
              .flatMap((racer) => racer.progress.metas)
              .find((meta) => meta.type === "APPROVAL" && meta.inquiryId !== kept)?.inquiryId,
          ),
        );
        await rejectOnPhone(fresh);
        const decisions = (await Promise.all(racers.map((racer) => racer.call))).map((result) =>
          decisionOf(result),
        );
        expect(
          decisions.map(({ inquiryId, decision }) => ({ inquiryId, decision })),
          `round ${round}`,
        ).toEqual(
          expect.arrayContaining([
            { inquiryId: kept, decision: "approve" },
            { inquiryId: fresh, decision: "reject" },
          ]),
        );
      }
    });
  });
});
