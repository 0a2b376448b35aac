import type { CallToolRequest } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { createProgressRecorder, resultText, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { connectHeldCancelClient } from "../support/held-cancel-client";
import type { HeldCancelClient } from "../support/held-cancel-client";
import { startRecordingUpstream } from "../support/recording-upstream";
import { SEND_EMAIL } from "../support/request-approval";
import type { RecordingUpstream } from "../support/recording-upstream";

/** The agent's request timeout: short, so the person "answers as it fires" within the test. */
const CLIENT_TIMEOUT_MS = 1_000;
/** The hub's confirm window; the held cancel is let go within milliseconds of the answer. */
const CONFIRM_SECONDS = 2;

type Opening = "INQUIRY" | "APPROVAL";

/** What a request_approval result says, as far as these tests read it. */
const DecisionSchema = z.looseObject({
  structuredContent: z.looseObject({ inquiryId: z.string(), decision: z.string() }),
});

/**
 * A client's request timeout and the person's answer can cross: the hub returns the answer to
 * a call whose client has just given up on it, and the cancel the client sent as its timeout
 * fired reaches the hub only after. The answer must then go to the agent's repeat of the call
 * (one card, one run of an approved tool), while an answer that did arrive still lets the same
 * call ask anew. The client is the official SDK v1 client with a 1 s request timeout; its
 * cancel is held back until the hub has handed the timed-out call its answer, so the race
 * goes the same way on every run.
 */
describe("an answer handed to a call whose client just gave up (late cancel)", () => {
  let hub: TestHub;
  let upstream: RecordingUpstream;
  let person: TestLogin;
  const agents: HeldCancelClient[] = [];

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    const proxy = parseProxyConfig({
      upstreams: {
        bank: { url: upstream.url.href, timeout_seconds: 5, tools: { transfer: true } },
      },
    });
    hub = await startTestHub({
      proxy,
      inquiryTimeoutSeconds: 600,
      deliveryConfirmSeconds: CONFIRM_SECONDS,
    });
    person = await hub.registerUser("late-cancel");
  });
  afterAll(async () => {
    await Promise.allSettled(agents.map((agent) => agent.close()));
    await hub.close();
    await upstream.close();
  });

  async function agentOn(path: string): Promise<HeldCancelClient> {
    const agent = await connectHeldCancelClient(new URL(path, hub.url), person.token);
    agents.push(agent);
    return agent;
  }

  async function answer(inquiryId: string, body: object): Promise<void> {
    const response = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token: person.token,
      body,
    });
    expect(response.status).toBe(200);
  }

  /** The ids of every card the person has been shown. */
  async function cardIds(): Promise<Set<string>> {
    return new Set((await hub.hub.inquiries.list(person.userId)).map((inquiry) => inquiry.id));
  }

  async function cardsSince(before: Set<string>): Promise<string[]> {
    return [...(await cardIds())].filter((id) => !before.has(id));
  }

  /**
   * Calls `params` with the client's short timeout, lets it time out, and answers with
   * `decision` at that very moment; resolves once the hub has handed the timed-out call its
   * answer, with the card's id. The client's cancel is still held back then.
   */
  async function answeredAsTheClientGaveUp(
    agent: HeldCancelClient,
    params: CallToolRequest["params"],
    opening: Opening,
    decision: object,
  ): Promise<string> {
    const progress = createProgressRecorder();
    const first = agent.client.callTool(params, undefined, {
      timeout: CLIENT_TIMEOUT_MS,
      onprogress: progress.onprogress,
    });
    const { inquiryId } = await progress.next(opening);
    await expect(first).rejects.toThrow(/timed out/i);
    const cancelled = await agent.firstCancel();
    await answer(inquiryId, decision);
    await agent.responseArrived(cancelled);
    return inquiryId;
  }

  /** The repeat's result; fails at once if the repeat opens a card instead. */
  async function repeatOpeningNoCard(
    agent: HeldCancelClient,
    params: CallToolRequest["params"],
    opening: Opening,
  ): Promise<unknown> {
    const progress = createProgressRecorder();
    const repeat = agent.client.callTool(params, undefined, { onprogress: progress.onprogress });
    const card = progress.next(opening).then((meta) => {
      throw new Error(`the repeat opened card ${meta.inquiryId}`);
    });
    return Promise.race([repeat, card]);
  }

  /** A call that opens a card of its own; `decision` answers it, and its result is returned. */
  async function callOpeningCard(
    agent: HeldCancelClient,
    params: CallToolRequest["params"],
    opening: Opening,
    decision: object,
  ): Promise<{ inquiryId: string; text: string }> {
    const progress = createProgressRecorder();
    const repeat = agent.client.callTool(params, undefined, { onprogress: progress.onprogress });
    const returnedFirst = repeat.then((result) => `returned ${JSON.stringify(result)}`);
    const opened = await Promise.race([progress.next(opening), returnedFirst]);
    if (typeof opened === "string") throw new Error(`the repeat opened no card: ${opened}`);
    await answer(opened.inquiryId, decision);
    return { inquiryId: opened.inquiryId, text: resultText(await repeat) };
  }

  it("send_inquiry: the repeat gets the answer, and no second card opens", async () => {
    const agent = await agentOn("/mcp");
    const params = {
      name: "send_inquiry",
      arguments: { prompt: "Deploy the release now?", options: ["Yes", "No"] },
    };
    const before = await cardIds();
    const card = await answeredAsTheClientGaveUp(agent, params, "INQUIRY", { response: "Yes" });
    await agent.releaseCancels();

    expect(resultText(await repeatOpeningNoCard(agent, params, "INQUIRY"))).toBe("Yes");
    expect(await cardsSince(before), "one card for the question").toEqual([card]);
  });

  it("a gated call through the proxy: the retry gets the result, and the tool ran once", async () => {
    const agent = await agentOn("/proxy/bank/mcp");
    const params = { name: "transfer", arguments: { amount: 42 } };
    const before = await cardIds();
    const ranBefore = upstream.metas.length;
    const card = await answeredAsTheClientGaveUp(agent, params, "APPROVAL", {
      action: "approve",
    });
    expect(upstream.metas.length, "the approved call ran").toBe(ranBefore + 1);
    await agent.releaseCancels();

    expect(resultText(await repeatOpeningNoCard(agent, params, "APPROVAL"))).toBe("transferred");
    expect(upstream.metas.length, "the retry was not run again").toBe(ranBefore + 1);
    expect(await cardsSince(before), "one approval for the call").toEqual([card]);
  });

  it("request_approval: the repeat gets the decision, and no second card opens", async () => {
    const agent = await agentOn("/mcp");
    const params = {
      name: "request_approval",
      arguments: { ...SEND_EMAIL, arguments: { ...SEND_EMAIL.arguments, subject: "Late" } },
    };
    const before = await cardIds();
    const card = await answeredAsTheClientGaveUp(agent, params, "APPROVAL", {
      action: "approve",
    });
    await agent.releaseCancels();

    const repeat = DecisionSchema.parse(await repeatOpeningNoCard(agent, params, "APPROVAL"));
    expect(repeat.structuredContent).toMatchObject({ inquiryId: card, decision: "approve" });
    expect(await cardsSince(before), "one approval for the call").toEqual([card]);
  });

  it("send_inquiry: once the answer arrived, the same question asks anew", async () => {
    const agent = await agentOn("/mcp");
    const params = {
      name: "send_inquiry",
      arguments: { prompt: "Which region for the replica?", options: ["eu", "us"] },
    };
    const first = await callOpeningCard(agent, params, "INQUIRY", { response: "eu" });
    expect(first.text).toBe("eu");

    const again = await callOpeningCard(agent, params, "INQUIRY", { response: "us" });
    expect(again.inquiryId, "a new card").not.toBe(first.inquiryId);
    expect(again.text).toBe("us");
  });

  it("a gated call through the proxy: once its result arrived, the same call asks anew", async () => {
    const agent = await agentOn("/proxy/bank/mcp");
    const params = { name: "transfer", arguments: { amount: 7 } };
    const ranBefore = upstream.metas.length;
    const first = await callOpeningCard(agent, params, "APPROVAL", { action: "approve" });
    expect(first.text).toBe("transferred");
    expect(upstream.metas.length).toBe(ranBefore + 1);

    const again = await callOpeningCard(agent, params, "APPROVAL", { action: "reject" });
    expect(again.inquiryId, "a new approval").not.toBe(first.inquiryId);
    expect(again.text).not.toBe("transferred");
    expect(upstream.metas.length, "the rejected repeat ran nothing").toBe(ranBefore + 1);
  });
});
