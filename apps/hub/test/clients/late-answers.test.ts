import { afterEach, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { connectAiSdk, connectLangChain, connectOpenAiAgents } from "./framework-clients";
import { mintAgentKey, readInquiry } from "./hub-records";
import { startPhone } from "./phone";
import { runScriptedAgent } from "./scripted-agent";
import type { AgentClient } from "./scripted-agent";
import { connectSdkV1, connectSdkV2, connectViaMcpRemote } from "./sdk-clients";
import type { HubEndpoint } from "./sdk-clients";

/** Each client gives up on a call after this long… */
const CLIENT_TIMEOUT_MS = 2_000;
/** …and the person answers this long after the card appeared: well past one client timeout. */
const PERSON_DELAY_MS = 5_000;
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
 * person's answer, the person saw one card, and the record says answered.
 */
describe("a late answer reaches the agent through every common MCP client", () => {
  let hub: TestHub | undefined;
  let agent: AgentClient | undefined;
  afterEach(async () => {
    await agent?.close();
    agent = undefined;
    await hub?.close();
    hub = undefined;
  });

  it.each(CLIENTS)(
    "$name: the repeated send_inquiry ends with the answer given after its timeout",
    async ({ connect }) => {
      hub = await startTestHub();
      const person = await hub.registerUser("late");
      const phoneLogin = await hub.login(person.username, "phone");
      const phone = await startPhone(hub.devices, phoneLogin.token, PERSON_DELAY_MS, {
        response: "Blue",
      });
      const token = await mintAgentKey(hub, person.token);
      agent = await connect({ url: new URL("/mcp", hub.url), token });

      const run = await runScriptedAgent(agent, "send_inquiry", {
        prompt: "Which colour should the button be?",
        options: ["Red", "Blue"],
      });

      expect(run.final, JSON.stringify(run.turns)).toMatchObject({ kind: "final", text: "Blue" });
      expect(
        run.turns.length,
        "the client gave up at least once before the answer",
      ).toBeGreaterThan(1);
      expect(phone.cardIds(), "the person was asked once").toHaveLength(1);
      expect(await phone.firstAnswer).toHaveProperty("data");
      const record = await readInquiry(hub, person.token, phone.cardIds()[0] ?? "");
      expect(record.status).toBe("answered");
      expect(record.resolution).toMatchObject({ response: "Blue" });
    },
    30_000,
  );
});
