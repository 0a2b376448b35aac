import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { startTestHub } from "../helpers";
import { useClosedAfterTest } from "../support/closed-after-test";
import { startCountingFileUpstream } from "./counting-file-upstream";
import { connectLangChain } from "./framework-clients";
import { meetLatePerson } from "./late-person";
import { runScriptedAgent } from "./scripted-agent";
import type { AgentClient } from "./scripted-agent";
import { connectSdkV1 } from "./sdk-clients";
import type { HubEndpoint } from "./sdk-clients";

/** Each client gives up on a call after this long; the person approves only after that. */
const CLIENT_TIMEOUT_MS = 1_000;

const CLIENTS: { name: string; connect: (endpoint: HubEndpoint) => Promise<AgentClient> }[] = [
  { name: "official SDK v1 Client", connect: (at) => connectSdkV1(at, CLIENT_TIMEOUT_MS) },
  { name: "@langchain/mcp-adapters", connect: (at) => connectLangChain(at, CLIENT_TIMEOUT_MS) },
];

/**
 * A gated call through the approval proxy, approved after the agent's client gave up: the
 * repeated call gets the tool's result, the upstream ran the tool exactly once with the
 * approved arguments, and the person saw one card. Each test has its own upstream (whose count
 * of runs is the proof) and so its own hub.
 */
describe("a late approval runs the gated call once", () => {
  const closeAfterTest = useClosedAfterTest();

  it.each(CLIENTS)(
    "$name: write_file approved after the client's timeout writes the file once",
    async ({ connect }) => {
      const upstream = closeAfterTest(await startCountingFileUpstream());
      const proxy = parseProxyConfig({
        upstreams: {
          files: {
            url: upstream.url.href,
            timeout_seconds: 5,
            tools: { write_file: { description: "Write {args.name}?" } },
          },
        },
      });
      const hub = closeAfterTest(await startTestHub({ proxy }));
      const late = await meetLatePerson(hub, { action: "approve" });
      const agent = closeAfterTest(
        await connect({ url: new URL("/proxy/files/mcp", hub.url), token: late.agentKey }),
      );

      const args = { name: "late.md", content: "approved after the timeout" };
      const run = await runScriptedAgent(agent, "write_file", args);

      expect(run.final.kind, JSON.stringify(run.turns)).toBe("final");
      // LangChain hands the model the whole text block as JSON when it carries _meta.
      expect(JSON.stringify(run.final)).toContain("wrote late.md");
      expect(run.turns.length, "the client gave up at least once first").toBeGreaterThan(1);
      expect(upstream.writes, "the upstream ran the tool exactly once").toEqual([args]);
      expect(await readFile(path.join(upstream.folder, "late.md"), "utf8")).toBe(args.content);
      expect(late.phone.cardIds(), "the person was asked once").toHaveLength(1);
      const record = await late.record(late.phone.cardIds()[0] ?? "");
      expect(record.status).toBe("answered");
    },
    30_000,
  );
});
