import { afterEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { callUntilOpened, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import {
  BOOKING_MESSAGE,
  BOOKING_SCHEMA,
  startElicitingUpstream,
} from "../support/eliciting-upstream";
import type { ElicitingUpstream } from "../support/eliciting-upstream";

/** The proxy's deadline for upstream requests; the person takes longer in one test. */
const UPSTREAM_TIMEOUT_SECONDS = 1;

describe("elicitation through the approval proxy", () => {
  let upstream: ElicitingUpstream | undefined;
  let testHub: TestHub | undefined;
  afterEach(async () => {
    await testHub?.close();
    await upstream?.close();
    testHub = undefined;
    upstream = undefined;
  });

  async function setup() {
    upstream = await startElicitingUpstream();
    const proxy = parseProxyConfig({
      upstreams: {
        bookings: {
          url: upstream.url.href,
          timeout_seconds: UPSTREAM_TIMEOUT_SECONDS,
          tools: { book_table: false },
        },
      },
    });
    testHub = await startTestHub({ proxy });
    const { token } = await testHub.registerUser("diner");
    const device = await testHub.devices.connect({ token });
    const agent = new Client({ name: "elicitation-test-agent", version: "1.0.0" });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/bookings/mcp", testHub.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const book = async () => {
      const shown = nextEvent(device.socket, "inquiry:new");
      const opened = await callUntilOpened(
        agent,
        { name: "book_table", arguments: {} },
        "INQUIRY",
        {
          resetTimeoutOnProgress: true,
        },
      );
      return { ...opened, shown: await shown };
    };
    return { upstream, testHub, token, device, agent, book };
  }

  /** What book_table returned: the elicitation result it received, as JSON text. */
  async function elicited(call: Promise<unknown>) {
    return ElicitResultSchema.parse(JSON.parse(resultText(await call)));
  }

  it("shows the form on the device and returns its values as `accept` content", async () => {
    const { upstream, device, book } = await setup();
    const { call, opened, shown, progress, inquiryId } = await book();
    expect(opened).toMatchObject({ type: "INQUIRY", question: BOOKING_MESSAGE });
    expect(shown).toMatchObject({
      id: inquiryId,
      type: "INQUIRY",
      question: BOOKING_MESSAGE,
      elicitation: { upstream: "bookings", requestedSchema: BOOKING_SCHEMA },
      questions: [
        { id: "date", text: "Which date?", kind: "text", required: true },
        { id: "people", text: "How many people?", kind: "number", required: true },
        { id: "terrace", text: "On the terrace?", kind: "boolean" },
      ],
    });
    // Longer than the proxy's upstream deadline: it is held while the person answers.
    await new Promise((resolve) => setTimeout(resolve, UPSTREAM_TIMEOUT_SECONDS * 1000 + 300));
    const values = { date: "2025-07-01", people: 4, terrace: true };
    expect(await answerOver(device.socket, { inquiryId, action: "answer", values })).toHaveProperty(
      "data.status",
      "answered",
    );
    expect(await elicited(call)).toEqual({ action: "accept", content: values });
    expect(upstream.results).toEqual([{ action: "accept", content: values }]);
    expect(progress.metas.at(-1)).toEqual({
      type: "INQUIRY_CLOSED",
      inquiryId,
      status: "answered",
    });
  });

  it("refuses values that miss the questions or the requestedSchema; the form stays open", async () => {
    const { upstream, device, book } = await setup();
    const { call, inquiryId } = await book();
    expect(
      await answerOver(device.socket, { inquiryId, action: "answer", values: { date: "today" } }),
    ).toEqual({
      error: expect.objectContaining({
        code: "BAD_REQUEST",
        message: 'question "people" (How many people?): is required',
      }) as unknown,
    });
    expect(
      await answerOver(device.socket, {
        inquiryId,
        action: "answer",
        values: { date: "today", people: 2.5 },
      }),
    ).toEqual({
      error: expect.objectContaining({
        message: expect.stringMatching(/values\/people must be integer/) as string,
      }) as unknown,
    });
    const values = { date: "today", people: 2 };
    await answerOver(device.socket, { inquiryId, action: "answer", values });
    expect(await elicited(call)).toEqual({ action: "accept", content: values });
    expect(upstream.results).toHaveLength(1);
  });

  it("returns `decline` when the person declines to answer", async () => {
    const { upstream, device, book } = await setup();
    const { call, inquiryId } = await book();
    await answerOver(device.socket, { inquiryId, action: "reject", reason: "not hungry" });
    expect(await elicited(call)).toEqual({ action: "decline" });
    expect(upstream.results).toEqual([{ action: "decline" }]);
  });

  it("returns `cancel` when the question times out", async () => {
    const { upstream, device, book } = await setup();
    const { call, inquiryId } = await book();
    await answerOver(device.socket, { inquiryId, action: "timeout" });
    expect(await elicited(call)).toEqual({ action: "cancel" });
    expect(upstream.results).toEqual([{ action: "cancel" }]);
  });

  it("returns `decline` without asking anyone in YOLO mode", async () => {
    const { upstream, testHub, token, agent } = await setup();
    const settings = await testHub.request("/api/settings", {
      method: "PUT",
      token,
      body: { yolo: { enabled: true, forSeconds: 60 } },
    });
    expect(settings.status).toBe(200);
    const result = await agent.callTool({ name: "book_table", arguments: {} });
    expect(ElicitResultSchema.parse(JSON.parse(resultText(result)))).toEqual({
      action: "decline",
    });
    expect(upstream.results).toEqual([{ action: "decline" }]);
  });
});
