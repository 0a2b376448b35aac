import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { connectAiSdk, connectLangChain, connectOpenAiAgents } from "./framework-clients";
import { meetLatePerson } from "./late-person";
import { runScriptedAgent } from "./scripted-agent";
import type { AgentClient } from "./scripted-agent";
import { connectSdkV1, connectSdkV2, connectViaMcpRemote } from "./sdk-clients";
import type { HubEndpoint } from "./sdk-clients";

/** Each client gives up on a call after this long; the person answers only after that. */
const CLIENT_TIMEOUT_MS = 1_000;
/** For a client with no timeout of its own, the hub is asked (`?hold=`) to hand back this soon. */
const HOLD_SECONDS = CLIENT_TIMEOUT_MS / 1000;

const CLIENTS: { name: string; connect: (endpoint: HubEndpoint) => Promise<AgentClient> }[] = [
  { name: "official SDK v1 Client", connect: (at) => connectSdkV1(at, CLIENT_TIMEOUT_MS) },
  { name: "official SDK v2 Client", connect: (at) => connectSdkV2(at, CLIENT_TIMEOUT_MS) },
  { name: "@langchain/mcp-adapters", connect: (at) => connectLangChain(at, CLIENT_TIMEOUT_MS) },
  {
    name: "@openai/agents MCP server",
    connect: (at) => connectOpenAiAgents(at, CLIENT_TIMEOUT_MS),
  },
  {
    name: "@ai-sdk/mcp (no client timeout, ?hold=)",
    connect: (at) =>
      connectAiSdk({ ...at, url: new URL(`${at.url.pathname}?hold=${HOLD_SECONDS}`, at.url) }),
  },
  { name: "mcp-remote over stdio", connect: (at) => connectViaMcpRemote(at, CLIENT_TIMEOUT_MS) },
];

/**
 * A person who answers after the agent's MCP client has given up: whatever the client, the
 * agent that simply repeats the call (as the hub's pending result tells it to) ends with the
 * person's answer, the person saw one card, and the record says answered. Each test is a fresh
 * person on one hub.
 */
describe("a late answer reaches the agent through every common MCP client", () => {
  let hub: TestHub;
  let agent: AgentClient | undefined;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterEach(async () => {
    await agent?.close();
    agent = undefined;
  });
  afterAll(() => hub.close());

  it.each(CLIENTS)(
    "$name: the repeated send_inquiry ends with the answer given after its timeout",
    async ({ connect }) => {
      const late = await meetLatePerson(hub, { response: "Blue" });
      agent = await connect({ url: new URL("/mcp", hub.url), token: late.agentKey });

      const run = await runScriptedAgent(agent, "send_inquiry", {
        prompt: "Which colour should the button be?",
        options: ["Red", "Blue"],
      });

      expect(run.final, JSON.stringify(run.turns)).toMatchObject({ kind: "final", text: "Blue" });
      expect(
        run.turns.length,
        "the client gave up at least once before the answer",
      ).toBeGreaterThan(1);
      expect(late.phone.cardIds(), "the person was asked once").toHaveLength(1);
      expect(await late.phone.firstAnswer).toHaveProperty("data");
      const record = await late.record(late.phone.cardIds()[0] ?? "");
      expect(record.status).toBe("answered");
      expect(record.resolution).toMatchObject({ response: "Blue" });
    },
    30_000,
  );
});
