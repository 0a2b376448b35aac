import {
  MAX_PROMPT_LENGTH,
  RespondInquiryArgsSchema,
  SendInquiryArgsSchema,
  SocketAnswerPayloadSchema,
  parseAgentSseData,
} from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { resultText, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets, TestDevice } from "../socket-helpers";
import { answerBySocket } from "./support/answer-attempts";
import { snapshotOf } from "./support/state-snapshot";
import { UNLIMITED } from "./support/two-nodes";
import { SIZES, budgetMs, fuzzed, report } from "./scale";

const anyValue = fc.anything({ maxDepth: 3 });

/**
 * Invariant 5 beyond HTTP: socket payloads, MCP tool arguments, the agent SSE parser and the
 * proxy configuration parser meet random input with a clear error, never a crash or a change.
 */
describe("bad protocol input", () => {
  let node: TestHub;
  let login: TestLogin;
  let sockets: DeviceSockets;
  let device: TestDevice;
  let client: Client;
  let inquiryId: string;

  beforeAll(async () => {
    node = await startTestHub({ rateLimits: UNLIMITED });
    login = await node.registerUser("fuzz");
    inquiryId = (await node.hub.inquiries.create(login.userId, { question: "stay pending" })).id;
    sockets = createDeviceSockets(node.url);
    device = await sockets.connect({ token: login.token });
    client = await node.connectMcp(login.token);
  });
  afterAll(async () => {
    sockets.closeAll();
    await node.close();
  });

  it(
    "socket inquiry:answer payloads that fail the schema get an error ack and change nothing",
    async () => {
      const before = await snapshotOf(node, login);
      const payloads = fc.oneof(
        anyValue,
        fc.record({ inquiryId: fc.oneof(fc.constant(inquiryId), anyValue) }, { requiredKeys: [] }),
      );
      await fc.assert(
        fc.asyncProperty(
          payloads.filter((payload) => !SocketAnswerPayloadSchema.safeParse(payload).success),
          async (payload) => {
            const ack = await new Promise<unknown>((resolve) =>
              device.socket.emit("inquiry:answer", payload, resolve),
            );
            expect(ack).toMatchObject({ error: { code: "BAD_REQUEST" } });
          },
        ),
        fuzzed(),
      );
      expect(device.socket.connected).toBe(true);
      expect(await snapshotOf(node, login)).toBe(before);
      report(`bad input socket ${SIZES.fuzzRuns} payloads, all BAD_REQUEST acks, state unchanged`);
    },
    budgetMs(20_000, 120_000),
  );

  it(
    "MCP tool arguments that fail the schema are error results and create nothing",
    async () => {
      const before = await snapshotOf(node, login);
      const tools = [
        { name: "send_inquiry", schema: SendInquiryArgsSchema },
        { name: "respond_inquiry", schema: RespondInquiryArgsSchema },
      ] as const;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...tools),
          fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 4 }),
          async (tool, args) => {
            fc.pre(!tool.schema.safeParse(args).success);
            const result = await client.callTool({ name: tool.name, arguments: args });
            expect(result.isError).toBe(true);
            expect(resultText(result).length).toBeGreaterThan(0);
          },
        ),
        fuzzed(),
      );
      expect(await snapshotOf(node, login)).toBe(before);
      report(`bad input MCP ${SIZES.fuzzRuns} tool calls, all isError results, state unchanged`);
    },
    budgetMs(20_000, 120_000),
  );

  it("an oversize question is refused with a message naming the limit", async () => {
    const before = await snapshotOf(node, login);
    const result = await client.callTool({
      name: "send_inquiry",
      arguments: { prompt: "x".repeat(MAX_PROMPT_LENGTH + 1) },
    });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/prompt/);
    expect(resultText(result)).toMatch(String(MAX_PROMPT_LENGTH));
    expect(await snapshotOf(node, login)).toBe(before);
  });

  it("parseAgentSseData never throws on arbitrary strings", () => {
    const strings = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.json({ maxDepth: 4 }),
      fc.json({ maxDepth: 4 }).map((json) => `{"choices":[{"delta":${json}}]}`),
    );
    fc.assert(
      fc.property(strings, (data) => {
        expect(() => parseAgentSseData(data)).not.toThrow();
      }),
      fuzzed(SIZES.fuzzRuns * 25),
    );
    report(`bad input SSE parser ${SIZES.fuzzRuns * 25} strings, 0 throws`);
  });

  it("parseProxyConfig turns any bad config into an Error naming where, never a crash", () => {
    let refused = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          fc.record({ upstreams: fc.dictionary(fc.string(), anyValue, { maxKeys: 3 }) }),
        ),
        (input) => {
          try {
            parseProxyConfig(input, "fuzz");
          } catch (error) {
            expect(error).toBeInstanceOf(Error);
            expect((error as Error).message).toMatch(/fuzz/);
            refused += 1;
          }
        },
      ),
      fuzzed(SIZES.fuzzRuns * 25),
    );
    report(
      `bad input proxy config ${SIZES.fuzzRuns * 25} inputs, ${refused} refused with a named Error`,
    );
    expect(refused).toBeGreaterThan(0);
  });

  it("a socket answer for a malformed id is a clear error, not a crash", async () => {
    const attempt = await answerBySocket(device.socket, "../../etc/passwd", { response: "x" });
    expect(attempt).toMatchObject({ ok: false, code: "BAD_REQUEST" });
  });
});
