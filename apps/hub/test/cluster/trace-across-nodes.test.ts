import { randomUUID } from "node:crypto";
import { ROOT_CONTEXT, SpanKind, defaultTextMapSetter, trace } from "@opentelemetry/api";
import type { Span } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  HUB_SPAN_ATTRIBUTES,
  HUB_SPAN_NAMES,
  createOtelInquiryTracing,
} from "../../src/features/inquiries/adapters/otel-inquiry-tracing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { callUntilOpened, resultText } from "../helpers";
import { answerOver } from "../socket-helpers";
import { startTestNode } from "../support/cluster";
import { startDemoUpstream } from "../support/proxy-harness";
import type { DemoUpstream } from "../support/proxy-harness";
import type { TestNode } from "../support/cluster";

/** Spans of every node and of the calling "agent", collected in this process. */
const exporter = new InMemorySpanExporter();

function providerFor(instance: string): TracerProvider {
  return new TracerProvider({
    resource: resourceFromAttributes({ "service.instance.id": instance }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
}

const agentTracer = providerFor("agent").getTracer("trace-test-agent");
const propagator = new W3CTraceContextPropagator();

/** The agent's way (apps/agent/src/tracing/run-tracing.ts): a client span under the run. */
function toolCallSpan(run: Span): { span: Span; propagation: Record<string, string> } {
  const runContext = trace.setSpan(ROOT_CONTEXT, run);
  const span = agentTracer.startSpan(
    "MCP tools/call send_inquiry",
    { kind: SpanKind.CLIENT },
    runContext,
  );
  const propagation: Record<string, string> = {};
  propagator.inject(trace.setSpan(runContext, span), propagation, defaultTextMapSetter);
  return { span, propagation };
}

function named(spans: readonly ReadableSpan[], name: string): ReadableSpan[] {
  return spans.filter((span) => span.name === name);
}

function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = named(spans, name);
  expect(found, name).toHaveLength(1);
  return found[0] as ReadableSpan;
}

function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

/**
 * One inquiry's trace across two hub nodes on one real redis-server: asked through node A by
 * an MCP client that propagates its context as the agent does (headers and `_meta`),
 * delivered to a socket.io-client device on node B and answered there.
 */
describe("an inquiry's trace across hub nodes", () => {
  let redis: TestRedisServer;
  let upstream: DemoUpstream;
  let nodeA: TestNode;
  let nodeB: TestNode;

  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await startDemoUpstream({ write_file: true });
    const cluster = { redisUrl: redis.url, keyPrefix: `trace-${randomUUID()}:`, leaseSeconds: 3 };
    const config = { heartbeatSeconds: 30, proxy: upstream.proxy };
    nodeA = await startTestNode(cluster, config, {
      tracing: createOtelInquiryTracing(providerFor("node-a"), "node-a"),
    });
    nodeB = await startTestNode(cluster, config, {
      tracing: createOtelInquiryTracing(providerFor("node-b"), "node-b"),
    });
  });
  afterEach(() => {
    nodeA.devices.closeAll();
    nodeB.devices.closeAll();
    exporter.reset();
  });
  afterAll(async () => {
    await Promise.allSettled([nodeA.close(), nodeB.close()]);
    await Promise.allSettled([redis.stop(), upstream.close()]);
  });

  it("records every span of the inquiry under the caller's one trace id, on both nodes", async () => {
    const owner = await nodeA.registerUser("traced");
    const phone = await nodeB.login(owner.username, "phone");
    const device = await nodeB.devices.connect({ token: phone.token });
    const client = await nodeA.connectMcp(owner.token);

    const run = agentTracer.startSpan("chat run", {}, ROOT_CONTEXT);
    const { span: clientSpan, propagation } = toolCallSpan(run);
    const { call, inquiryId } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Which city?" }, _meta: propagation },
      "INQUIRY",
    );
    await expect.poll(() => device.created.length).toBe(1);
    const ack = await answerOver(device.socket, { inquiryId, response: "Rome" });
    expect(ack).toMatchObject({ data: { status: "answered" } });
    expect(resultText(await call)).toBe("Rome");
    clientSpan.end();
    run.end();

    await expect
      .poll(() => named(exporter.getFinishedSpans(), HUB_SPAN_NAMES.fanOut).length)
      .toBe(2);
    const spans = exporter.getFinishedSpans();
    const runSpan = only(spans, "chat run");
    const traceId = runSpan.spanContext().traceId;
    const server = only(spans, HUB_SPAN_NAMES.toolCall("send_inquiry"));
    const answer = only(spans, HUB_SPAN_NAMES.answer);
    const result = only(spans, HUB_SPAN_NAMES.toolResult);
    const fanOuts = named(spans, HUB_SPAN_NAMES.fanOut);

    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([traceId]));
    expect(parentOf(server)).toBe(clientSpan.spanContext().spanId);
    expect(server.kind).toBe(SpanKind.SERVER);
    for (const child of [answer, result, ...fanOuts])
      expect(parentOf(child), child.name).toBe(server.spanContext().spanId);

    const nodeOf = (span: ReadableSpan) => span.attributes[HUB_SPAN_ATTRIBUTES.nodeId];
    expect(nodeOf(server)).toBe("node-a");
    expect(nodeOf(result)).toBe("node-a");
    expect(nodeOf(answer)).toBe("node-b");
    expect(fanOuts.map(nodeOf).sort()).toEqual(["node-a", "node-b"]);
    for (const span of [server, answer, result, ...fanOuts])
      expect(span.attributes[HUB_SPAN_ATTRIBUTES.inquiryId], span.name).toBe(inquiryId);
    expect(answer.attributes[HUB_SPAN_ATTRIBUTES.outcome]).toBe("answered");
    expect(result.attributes[HUB_SPAN_ATTRIBUTES.outcome]).toBe("answered");
    expect(fanOuts.map((span) => span.attributes[HUB_SPAN_ATTRIBUTES.channel])).toEqual([
      "socket",
      "socket",
    ]);
    const recorded = JSON.stringify(spans.map((span) => span.attributes));
    expect(recorded).not.toContain("Which city?");
    expect(recorded).not.toContain("Rome");
  });

  it("keeps the trace context out of everything a device or caller reads", async () => {
    const owner = await nodeA.registerUser("private");
    const device = await nodeB.devices.connect({ token: owner.token });
    const client = await nodeA.connectMcp(owner.token);
    const { span, propagation } = toolCallSpan(agentTracer.startSpan("chat run"));
    const { call, inquiryId } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Tea?" }, _meta: propagation },
      "INQUIRY",
    );
    await expect.poll(() => device.created.length).toBe(1);
    const listed = await (
      await nodeB.request(`/api/inquiries/${inquiryId}`, { token: owner.token })
    ).text();
    await answerOver(device.socket, { inquiryId, response: "Yes" });
    await call;
    span.end();
    // The withdrawal crosses Redis from node A's resolution; the call can return before it lands.
    await expect.poll(() => device.withdrawn.length).toBe(1);

    for (const seen of [JSON.stringify(device.created), JSON.stringify(device.withdrawn), listed]) {
      expect(seen).toContain(inquiryId);
      expect(seen).not.toContain("traceContext");
      expect(seen).not.toContain(span.spanContext().traceId);
    }
  });

  it("starts a new trace for a malformed _meta traceparent and still answers the call", async () => {
    const owner = await nodeA.registerUser("malformed");
    const device = await nodeB.devices.connect({ token: owner.token });
    const client = await nodeA.connectMcp(owner.token);
    const { call, inquiryId } = await callUntilOpened(
      client,
      {
        name: "send_inquiry",
        arguments: { prompt: "Coffee?" },
        _meta: { traceparent: "00-not-a-trace-01", tracestate: "x".repeat(600) },
      },
      "INQUIRY",
    );
    await expect.poll(() => device.created.length).toBe(1);
    await answerOver(device.socket, { inquiryId, response: "No" });
    expect(resultText(await call)).toBe("No");

    const spans = exporter.getFinishedSpans();
    const server = only(spans, HUB_SPAN_NAMES.toolCall("send_inquiry"));
    expect(server.parentSpanContext).toBeUndefined();
    expect(parentOf(only(spans, HUB_SPAN_NAMES.answer))).toBe(server.spanContext().spanId);
  });

  it("takes the parent from the HTTP traceparent header when _meta carries none", async () => {
    const owner = await nodeA.registerUser("header");
    const device = await nodeB.devices.connect({ token: owner.token });
    const { span, propagation } = toolCallSpan(agentTracer.startSpan("chat run"));
    const client = new Client({ name: "header-caller", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", nodeA.url), {
        requestInit: { headers: { Authorization: `Bearer ${owner.token}`, ...propagation } },
      }),
    );
    try {
      const { call, inquiryId } = await callUntilOpened(
        client,
        { name: "send_inquiry", arguments: { prompt: "Walk?" } },
        "INQUIRY",
      );
      await expect.poll(() => device.created.length).toBe(1);
      await answerOver(device.socket, { inquiryId, response: "Later" });
      await call;
    } finally {
      await client.close();
    }
    span.end();

    const server = only(exporter.getFinishedSpans(), HUB_SPAN_NAMES.toolCall("send_inquiry"));
    expect(parentOf(server)).toBe(span.spanContext().spanId);
  });

  it("traces a gated proxy call like send_inquiry: approved on node B, in the caller's trace", async () => {
    const owner = await nodeA.registerUser("proxied");
    const device = await nodeB.devices.connect({ token: owner.token });
    const { span, propagation } = toolCallSpan(agentTracer.startSpan("chat run"));
    const agent = new Client({ name: "proxy-caller", version: "1.0.0" });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", nodeA.url), {
        requestInit: { headers: { Authorization: `Bearer ${owner.token}` } },
      }),
    );
    try {
      const { call, inquiryId } = await callUntilOpened(
        agent,
        {
          name: "write_file",
          arguments: { path: "traced.md", content: "hello" },
          _meta: propagation,
        },
        "APPROVAL",
      );
      await expect.poll(() => device.created.length).toBe(1);
      await answerOver(device.socket, { inquiryId, action: "approve" });
      expect(resultText(await call)).toContain("traced.md");
    } finally {
      await agent.close();
    }
    span.end();

    const spans = exporter.getFinishedSpans();
    const server = only(spans, HUB_SPAN_NAMES.toolCall("write_file"));
    const answer = only(spans, HUB_SPAN_NAMES.answer);
    expect(parentOf(server)).toBe(span.spanContext().spanId);
    expect(server.attributes[HUB_SPAN_ATTRIBUTES.nodeId]).toBe("node-a");
    expect(parentOf(answer)).toBe(server.spanContext().spanId);
    expect(answer.attributes[HUB_SPAN_ATTRIBUTES.nodeId]).toBe("node-b");
    expect(answer.attributes[HUB_SPAN_ATTRIBUTES.inquiryType]).toBe("APPROVAL");
    expect(answer.attributes[HUB_SPAN_ATTRIBUTES.outcome]).toBe("answered");
    expect(JSON.stringify(spans.map((each) => each.attributes))).not.toContain("hello");
  });
});
