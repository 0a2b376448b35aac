import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startHubWithPerson } from "@inquiry-hub/test-kit";
import type { HubWithPerson } from "@inquiry-hub/test-kit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readExampleEnv } from "../src/shared/example-env";
import { startExample } from "./support/example-process";
import type { ExampleProcess } from "./support/example-process";

const SCRIPT = "src/openai-agents/main.ts";

/**
 * Preloaded into the example (NODE_OPTIONS): every TCP connection goes through
 * Socket.prototype.connect, and one beyond loopback (the OpenAI API, trace export) is
 * refused with a line the test looks for.
 */
const LOOPBACK_ONLY = `
import net from "node:net";
const connect = net.Socket.prototype.connect;
const hostOf = (args) => {
  const [first, second] = args;
  if (Array.isArray(first)) return hostOf(first);
  if (typeof first === "object" && first !== null)
    return first.path === undefined ? (first.host ?? "localhost") : undefined;
  if (typeof first === "string" && Number.isNaN(Number(first))) return undefined;
  return typeof second === "string" ? second : "localhost";
};
net.Socket.prototype.connect = function (...args) {
  const host = hostOf(args);
  if (host !== undefined && !["localhost", "::1"].includes(host) && !host.startsWith("127.")) {
    process.stderr.write("NETWORK REFUSED: " + host + "\\n");
    throw new Error("only loopback is allowed, not " + host);
  }
  return connect.apply(this, args);
};
`;

describe("the OpenAI Agents SDK example process", () => {
  let hub: HubWithPerson;
  let workDir: string;
  let stateDir: string;
  let env: Record<string, string>;
  const started: ExampleProcess[] = [];

  beforeEach(async () => {
    hub = await startHubWithPerson();
    workDir = await mkdtemp(join(tmpdir(), "openai-agents-example-"));
    const guard = join(workDir, "loopback-only.mjs");
    await writeFile(guard, LOOPBACK_ONLY);
    stateDir = join(workDir, "state");
    env = {
      HUB_MCP_URL: hub.mcpUrl.href,
      HUB_AGENT_KEY: hub.agentKey,
      STATE_DIR: stateDir,
      NODE_OPTIONS: `--import ${pathToFileURL(guard).href}`,
    };
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((example) => example.crash()));
    await hub.close();
    await rm(workDir, { recursive: true, force: true });
  });

  function start(): ExampleProcess {
    const example = startExample(SCRIPT, env);
    started.push(example);
    return example;
  }

  // Two Node processes each load the SDK and the MCP client (about 3 s of CPU apiece), which
  // on a busy 2-core machine takes longer than the default 20 s.
  it("resumes the run that waited when it crashed; approving on the phone finishes it", async () => {
    const first = start();
    await first.printed("waiting for approval of send_email on your devices");
    const card = await hub.phone.nextApproval();
    expect(card.approval).toMatchObject({
      upstream: "openai-agents",
      tool: "send_email",
      arguments: {
        to: "ann@example.com",
        subject: "Q3 report",
        body: "Hi Ann, the Q3 report is attached.",
      },
      description: "Send an email on the person's behalf.",
      allowedDecisions: ["approve", "reject"],
      inputSchema: { properties: { to: { description: "Recipient address" } } },
    });
    await first.crash();

    const second = start();
    await second.printed("resuming run");
    await second.printed("waiting for approval of send_email on your devices");
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");
    await second.printed("run finished: Report email: sent to ann@example.com");
    expect(await second.exited()).toBe(0);

    expect(first.output()).not.toContain("tool ran");
    expect(second.output().match(/tool ran: send_email to ann@example\.com/g)).toHaveLength(1);
    expect(first.output() + second.output()).not.toContain("NETWORK REFUSED");
    await expect(access(join(stateDir, "openai-agents-run.json"))).rejects.toThrow();
  }, 45_000);
});

describe("the OpenAI Agents SDK example's settings", () => {
  it("says where to create an agent key when HUB_AGENT_KEY is missing", () => {
    expect(() =>
      readExampleEnv("openai-agents", { HUB_MCP_URL: "http://127.0.0.1:4000/mcp" }),
    ).toThrow(
      /HUB_AGENT_KEY is not set: create an agent key .*http:\/\/localhost:3000\/agent-keys/,
    );
  });
});
