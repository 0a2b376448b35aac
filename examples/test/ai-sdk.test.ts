import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHubWithPerson } from "@inquiry-hub/test-kit";
import type { HubWithPerson } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExample } from "./support/example-process";

const SCRIPT = "src/ai-sdk/main.ts";

let hub: HubWithPerson;
let stateDir: string;

beforeAll(async () => {
  hub = await startHubWithPerson();
  stateDir = await mkdtemp(join(tmpdir(), "ai-sdk-example-"));
});

afterAll(async () => {
  await hub.close();
  await rm(stateDir, { recursive: true, force: true });
});

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

describe("the AI SDK example", () => {
  // Two cold starts of the example under tsx: the budget its LangGraph and OpenAI siblings have.
  it("survives a crash while the approval waits, and finishes once approved on the phone", async () => {
    const env = { HUB_MCP_URL: hub.mcpUrl.href, HUB_AGENT_KEY: hub.agentKey, STATE_DIR: stateDir };
    const first = startExample(SCRIPT, env);
    await first.printed("waiting for approval of sendEmail on your devices");
    const card = await hub.phone.nextApproval();
    expect(card.approval).toMatchObject({
      upstream: "ai-sdk",
      tool: "sendEmail",
      arguments: { to: "alice@example.com", subject: "Q3 report" },
      allowedDecisions: ["approve", "reject"],
    });
    expect(card.approval?.description).toContain("Send an email from the team mailbox");
    await first.crash();
    expect(first.output()).not.toContain("sendEmail ran");

    const second = startExample(SCRIPT, env);
    await second.printed("resuming conversation");
    await second.printed("waiting for approval of sendEmail on your devices");
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");
    await second.printed("run finished: The email is sent");
    expect(await second.exited()).toBe(0);
    expect(
      occurrences(second.output(), 'sendEmail ran: "Q3 report" sent to alice@example.com'),
    ).toBe(1);

    const saved = await readFile(join(stateDir, "conversation.json"), "utf8");
    expect(
      JSON.stringify((JSON.parse(saved) as { messages: unknown[] }).messages.at(-1)),
    ).toContain("The email is sent");
  }, 45_000);
});
