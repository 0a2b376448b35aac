import { randomBytes } from "node:crypto";
import { silentLogger } from "@inquiry-hub/logging";
import { scrape, valueOf } from "@inquiry-hub/test-kit";
import type { Sample } from "@inquiry-hub/test-kit";
import { RUN_ID_HEADER, parseAgentSseData } from "@inquiry-hub/protocol";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAgentServer } from "../src/index";
import type { AgentServer } from "../src/index";
import { readAgentEnv } from "../src/env";
import { turnChunks } from "./support/chunks";
import type { ScriptedTurn } from "./support/chunks";
import { startFakeOpenAi } from "./support/fake-openai-server";
import type { FakeOpenAi, ScriptedReply } from "./support/fake-openai-server";
import {
  listenAgent,
  openedInquiry,
  reattach,
  readEvents,
  startBackgroundRun,
  textOf,
} from "./support/run-sse";
import { startStack } from "./stack";
import type { Stack } from "./stack";

const MODEL = "gpt-metrics";
const METRICS_TOKEN = randomBytes(24).toString("hex");

let upstream: FakeOpenAi;
let stack: Stack;
let person: string;

beforeAll(async () => {
  upstream = await startFakeOpenAi();
  stack = await startStack({
    openai: { baseURL: upstream.baseURL, apiKey: "sk-test", model: MODEL, maxRetries: 0 },
    metrics: { kind: "main-port", token: METRICS_TOKEN },
    logger: silentLogger(),
  });
  person = await stack.registerUser();
});

afterAll(async () => {
  await stack.close();
  await upstream.close();
});

const stream = (turn: ScriptedTurn): ScriptedReply => ({
  type: "stream",
  chunks: turnChunks(turn),
});

function contentOf(message: ChatCompletionMessageParam | undefined): string {
  return typeof message?.content === "string" ? message.content : "";
}

/**
 * The scripted model: asks the person which city, checks its weather, and answers; a prompt
 * containing "invent" makes it call a tool nobody offers first; "break" makes it fail.
 */
function scriptModel(): void {
  upstream.script((request) => {
    const first = contentOf(request.body.messages.find((message) => message.role === "user"));
    const last = request.body.messages.at(-1);
    if (first.includes("break")) return { type: "error", status: 500, message: "model down" };
    if (last?.role === "user" && first.includes("invent"))
      return stream({ calls: [{ id: "call_x", name: "no_such_tool", arguments: {} }] });
    if (last?.role === "user")
      return stream({
        calls: [{ id: "call_ask", name: "send_inquiry", arguments: { prompt: "Which city?" } }],
      });
    if (last?.role === "tool" && last.tool_call_id === "call_ask")
      return stream({
        calls: [{ id: "call_weather", name: "get_weather", arguments: { city: contentOf(last) } }],
      });
    return stream({ text: `Done: ${contentOf(last)}` });
  });
}

/** A streamed request-bound chat; answers each question the run asks with `reply`. */
async function chat(prompt: string, reply: string): Promise<string> {
  const client = stack.openai(await stack.mintRunCredential(person));
  let text = "";
  const chunks = await client.chat.completions.create({
    model: MODEL,
    stream: true,
    messages: [{ role: "user", content: prompt }],
  });
  for await (const chunk of chunks) {
    const event = parseAgentSseData(JSON.stringify(chunk));
    if (event.type === "content") text += event.text;
    if (event.type === "inquiry_opened")
      expect(
        (await stack.answer(person, event.inquiry.inquiryId, { response: reply })).status,
      ).toBe(200);
  }
  return text;
}

describe("agent /metrics after a scripted run", () => {
  it("counts runs by mode and outcome and times every tool call by tool", async () => {
    scriptModel();
    expect(await chat("Weather tomorrow?", "Hangzhou")).toMatch(/^Done: Tomorrow in Hangzhou/);
    expect(await chat("Please invent something", "unused")).toMatch(/^Done: .*no_such_tool/);
    await expect(chat("Please break", "unused")).rejects.toThrow();

    const background = await startBackgroundRun(
      stack.agentUrl,
      await stack.mintRunCredential(person),
    );
    let inquiryId: string | undefined;
    const opening = await readEvents(background, (event) => {
      inquiryId = openedInquiry(event);
      return inquiryId !== undefined;
    });
    if (inquiryId === undefined) throw new Error("the background run asked nothing");
    expect((await stack.answer(person, inquiryId, { response: "Rome" })).status).toBe(200);
    const runId = background.headers.get(RUN_ID_HEADER) ?? "";
    const rest = await readEvents(
      await reattach(stack.agentUrl, runId, person, opening.at(-1)?.id ?? 0),
    );
    expect(textOf([...opening, ...rest])).toMatch(/Tomorrow in Rome/);

    const samples: Sample[] = await scrape(stack.agentUrl, METRICS_TOKEN);
    const runs = (mode: string, outcome: string) =>
      valueOf(samples, "inquiry_agent_runs_finished_total", { mode, outcome });
    expect(valueOf(samples, "inquiry_agent_runs_started_total", { mode: "request" })).toBe(3);
    expect(runs("request", "completed")).toBe(2);
    expect(runs("request", "failed")).toBe(1);
    expect(runs("request", "cancelled")).toBe(0);
    expect(valueOf(samples, "inquiry_agent_runs_started_total", { mode: "background" })).toBe(1);
    expect(runs("background", "completed")).toBe(1);
    const calls = (tool: string, outcome = "ok") =>
      valueOf(samples, "inquiry_agent_tool_call_seconds_count", { tool, outcome });
    expect(calls("send_inquiry")).toBe(2);
    expect(calls("get_weather")).toBe(2);
    expect(calls("unknown")).toBe(1);
    expect(calls("send_inquiry", "error")).toBe(0);
    expect(valueOf(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  });
});

describe("agent /metrics protection", () => {
  let extra: AgentServer | undefined;
  afterEach(async () => {
    await extra?.close();
    extra = undefined;
  });

  const get = (base: URL, path: string, token?: string) =>
    fetch(new URL(path, base), {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  it("refuses a missing or wrong token and a token in the query", async () => {
    expect((await get(stack.agentUrl, "/metrics")).status).toBe(401);
    expect((await get(stack.agentUrl, "/metrics", `${METRICS_TOKEN}x`)).status).toBe(401);
    expect((await get(stack.agentUrl, "/metrics", person)).status).toBe(401);
    expect((await get(stack.agentUrl, `/metrics?token=${METRICS_TOKEN}`)).status).toBe(401);
    expect((await get(stack.agentUrl, `/metrics?x=1`, METRICS_TOKEN)).status).toBe(401);
    expect((await get(stack.agentUrl, "/metrics", METRICS_TOKEN)).status).toBe(200);
  });

  it("is a 404 unless configured", async () => {
    const { hubMcpUrl, demoToolsMcpUrl, mcpTimeoutSeconds, maxSteps } = stack.agentConfig;
    extra = createAgentServer({ hubMcpUrl, demoToolsMcpUrl, mcpTimeoutSeconds, maxSteps });
    const url = await listenAgent(extra);
    expect((await get(url, "/metrics")).status).toBe(404);
    expect((await get(url, "/metrics", METRICS_TOKEN)).status).toBe(404);
    expect(await extra.listenMetrics()).toBeUndefined();
  });

  it("with METRICS_PORT serves only /metrics on its own loopback listener", async () => {
    const env = readAgentEnv({ METRICS_PORT: "0", AGENT_STORE: "memory" });
    expect(env.config.metrics).toEqual({ kind: "own-port", port: 0, host: "127.0.0.1" });
    extra = createAgentServer({
      ...stack.agentConfig,
      metrics: { kind: "own-port", port: 0, host: "127.0.0.1" },
    });
    const url = await listenAgent(extra);
    const metricsUrl = await extra.listenMetrics();
    if (metricsUrl === undefined) throw new Error("no metrics listener");
    expect(metricsUrl.hostname).toBe("127.0.0.1");
    expect((await get(metricsUrl, "/metrics")).status).toBe(200);
    expect((await get(metricsUrl, "/health")).status).toBe(404);
    expect((await get(url, "/metrics")).status).toBe(404);
  });

  it("refuses bad settings, naming the variable", () => {
    expect(() => readAgentEnv({ METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: at least 32 characters/,
    );
    expect(() => readAgentEnv({ METRICS_PORT: "-1" })).toThrow(/METRICS_PORT: /);
    expect(() => readAgentEnv({ METRICS_HOST: "0.0.0.0" })).toThrow(
      /METRICS_HOST needs METRICS_PORT/,
    );
    expect(readAgentEnv({}).config.metrics).toEqual({ kind: "off" });
  });
});
