import { silentLogger } from "@inquiry-hub/logging";
import { ProgressNotificationSchema } from "@inquiry-hub/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { connectMcp } from "../src/tools/mcp-connection";
import { openToolBox } from "../src/tools/mcp-tool-box";
import { SlowCountReportSchema, startProgressToolServer } from "./support/progress-tool-server";
import type { ProgressToolServer, ServerGeneration } from "./support/progress-tool-server";

const GENERATIONS: { generation: ServerGeneration; era: string; version: string }[] = [
  { generation: "stateless", era: "modern", version: "2026-07-28" },
  { generation: "sessions", era: "legacy", version: "2025-11-25" },
];

const AUTHORIZATION = "Bearer run-credential";

describe.each(GENERATIONS)(
  "the agent's MCP client against a $generation server",
  ({ generation, era, version }) => {
    let server: ProgressToolServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    async function start(): Promise<ProgressToolServer> {
      server = await startProgressToolServer(generation);
      return server;
    }

    const endpointOf = (running: ProgressToolServer) => ({
      name: "test",
      url: running.url,
      headers: { authorization: AUTHORIZATION },
    });

    it(`negotiates ${version} and ends what it opened on close`, async () => {
      const running = await start();
      const connection = await connectMcp(endpointOf(running), () => undefined);
      expect(connection.client.getProtocolEra()).toBe(era);
      expect(connection.client.getNegotiatedProtocolVersion()).toBe(version);
      expect(connection.tools.map((tool) => tool.name)).toEqual(["slow_count"]);
      expect(running.openSessions()).toBe(era === "legacy" ? 1 : 0);
      await connection.close();
      expect(running.openSessions()).toBe(0);
    });

    it("sends the credential and idempotency key, and heartbeats keep a long call alive", async () => {
      const running = await start();
      const forwarded: string[] = [];
      const tools = await openToolBox(
        [endpointOf(running)],
        { timeoutMs: 400, maxTotalTimeoutMs: 10_000 },
        (json) => forwarded.push(json),
        silentLogger(),
      );
      try {
        const text = await tools.call(
          "slow_count",
          JSON.stringify({ steps: 5, intervalMs: 200 }),
          new AbortController().signal,
          "run-1:call-1",
        );
        expect(SlowCountReportSchema.parse(JSON.parse(text))).toEqual({
          authorization: AUTHORIZATION,
          idempotencyKey: "run-1:call-1",
        });
        const progress = forwarded.map((json) =>
          ProgressNotificationSchema.parse(JSON.parse(json)),
        );
        expect(progress.map((notification) => notification.params.progress)).toEqual([
          1, 2, 3, 4, 5,
        ]);
        expect(progress[0]?.params.meta).toEqual({ step: 1 });
        expect(progress[0]?.params._meta).toEqual({ step: 1 });
      } finally {
        await tools.close();
      }
    });

    it("gives up at the hard ceiling however many heartbeats arrive", async () => {
      const running = await start();
      const tools = await openToolBox(
        [endpointOf(running)],
        { timeoutMs: 400, maxTotalTimeoutMs: 700 },
        () => undefined,
        silentLogger(),
      );
      try {
        await expect(
          tools.call(
            "slow_count",
            JSON.stringify({ steps: 20, intervalMs: 100 }),
            new AbortController().signal,
          ),
        ).rejects.toThrow(/timed? ?out/i);
      } finally {
        await tools.close();
      }
    });
  },
);
