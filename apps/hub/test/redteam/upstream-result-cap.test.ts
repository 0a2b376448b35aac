import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { REDTEAM_SCALE } from "./scale";

const MIB = 1024 * 1024;
/**
 * The attack of the review: 6 results of 60 MB at full scale, 6 of 24 MiB in `npm test` (with
 * 12 MiB the bound on the hub's growth, a third of their total, came within the noise of a
 * loaded machine's RSS).
 */
const RESULTS = 6;
const RESULT_BYTES = (REDTEAM_SCALE === "full" ? 60 : 24) * MIB;
const CAP_BYTES = 1 * MIB;
const UPSTREAM_SCRIPT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../support/bulky-upstream-process.ts",
);

/** Starts the bulky upstream as its own process and resolves with it and its MCP URL. */
async function startBulkyUpstream(): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, ["--import", "tsx", UPSTREAM_SCRIPT], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await once(lines, "line")) as [string];
  const { port } = z.object({ port: z.number() }).parse(JSON.parse(line));
  return { child, url: new URL(`http://127.0.0.1:${port}/mcp`) };
}

/** Runs `work` while sampling this process's RSS: the growth over the start at its peak. */
async function peakRssGrowth(work: () => Promise<void>): Promise<number> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - start;
}

describe("red team: upstream results with no size cap", () => {
  let hub: TestHub | undefined;
  let upstream: ChildProcess | undefined;
  const agents: Client[] = [];
  afterEach(async () => {
    await Promise.allSettled(agents.splice(0).map((agent) => agent.close()));
    await hub?.close();
    upstream?.kill();
    hub = upstream = undefined;
  });

  it("issue 31: six oversized results are refused with an error naming the cap and the size, the hub's memory stays bounded and it keeps serving", async () => {
    const bulky = await startBulkyUpstream();
    upstream = bulky.child;
    const proxy = parseProxyConfig({
      upstreams: {
        bulky: {
          url: bulky.url.href,
          timeout_seconds: 60,
          default: false,
          max_result_bytes: CAP_BYTES,
        },
      },
    });
    hub = await startTestHub({ proxy });
    const { token } = await hub.registerUser("bulk");
    const agent = new Client({ name: "redteam-agent", version: "1.0.0" });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/bulky/mcp", hub.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    agents.push(agent);

    // Half the calls ask for progress: their results come as SSE streams, the others as JSON.
    const outcomes: string[] = [];
    const growth = await peakRssGrowth(async () => {
      const calls = Array.from({ length: RESULTS }, (_, index) =>
        agent
          .callTool(
            { name: "dump", arguments: { size: RESULT_BYTES } },
            undefined,
            index % 2 === 0
              ? { onprogress: () => undefined, timeout: 120_000 }
              : { timeout: 120_000 },
          )
          .then(
            (result) => {
              const text = resultText(result);
              return `result of ${text.length} characters: ${text.slice(0, 200)}`;
            },
            (error: unknown) => String(error),
          ),
      );
      outcomes.push(...(await Promise.all(calls)));
    });

    for (const outcome of outcomes) {
      expect(outcome).toMatch(/result cap of 1\.0 MiB \(1048576 bytes, max_result_bytes\)/);
      expect(outcome).toMatch(/upstream's response \((more than )?\d+\.\d MiB\)/);
    }
    // Relaying them whole costs several times their total; the cap keeps growth to a fraction.
    expect(growth).toBeLessThan((RESULTS * RESULT_BYTES) / 3);

    const small = await agent.callTool({ name: "dump", arguments: { size: 1000 } });
    expect(resultText(small)).toHaveLength(1000);
  }, 120_000);
});
