import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHubWithPerson } from "@inquiry-hub/test-kit";
import type { HubWithPerson } from "@inquiry-hub/test-kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startExample } from "./support/example-process";

const SCRIPT = "src/langgraph/main.ts";

let hub: HubWithPerson;
const stateDirs: string[] = [];

beforeAll(async () => {
  hub = await startHubWithPerson();
});

afterEach(() => {
  for (const dir of stateDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

afterAll(async () => {
  await hub?.close();
});

function newStateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "langgraph-example-"));
  stateDirs.push(dir);
  return dir;
}

describe("the LangGraph example", () => {
  // Two cold starts of langchain in one test: a few seconds each on a busy two-core machine.
  it("survives a crash while its approval waits and finishes once the person approves", async () => {
    const env = {
      HUB_MCP_URL: hub.mcpUrl.href,
      HUB_AGENT_KEY: hub.agentKey,
      STATE_DIR: newStateDir(),
    };
    const first = startExample(SCRIPT, env);
    await first.printed("waiting for approval of send_email on your devices");
    const card = await hub.phone.nextApproval();
    expect(card.approval).toMatchObject({
      upstream: "langgraph",
      tool: "send_email",
      arguments: { to: "team@example.com", subject: "Weekly report" },
      description: expect.stringContaining("Sends an email") as string,
    });
    await first.crash();
    expect(first.output()).not.toContain("send_email ran");

    const second = startExample(SCRIPT, env);
    await second.printed("resuming thread weekly-report: it was waiting for an approval");
    await second.printed("waiting for approval of send_email on your devices");
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");
    await second.printed(`run finished: Weekly report: Sent "Weekly report" to team@example.com.`);
    expect(await second.exited()).toBe(0);
    expect(second.output()).toContain(`send_email ran: "Weekly report" to team@example.com`);
    expect(second.output()).toContain("send_email: approve");
  }, 45_000);
});
