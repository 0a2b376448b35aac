import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startOtlpTracing } from "../src/otlp-tracing";

/** A stand-in OTLP/HTTP collector that keeps the JSON bodies posted to it. */
async function startCollector() {
  const bodies: unknown[] = [];
  const server = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      bodies.push({ path: req.url, body: JSON.parse(text) as unknown });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe("startOtlpTracing", () => {
  let collector: Awaited<ReturnType<typeof startCollector>> | undefined;
  afterEach(async () => {
    await collector?.close();
    collector = undefined;
  });

  it("exports spans to the traces URL, naming the service and the node", async () => {
    collector = await startCollector();
    const tracing = startOtlpTracing(
      { tracesUrl: `${collector.url}/v1/traces`, serviceName: "inquiry-hub-agent" },
      "node-7",
    );
    tracing.provider.getTracer("test").startSpan("scrape").end();
    await tracing.shutdown();

    expect(collector.bodies).toHaveLength(1);
    const serialized = JSON.stringify(collector.bodies[0]);
    expect(serialized).toContain('"path":"/v1/traces"');
    expect(serialized).toContain('"name":"scrape"');
    expect(serialized).toContain(
      '{"key":"service.name","value":{"stringValue":"inquiry-hub-agent"}}',
    );
    expect(serialized).toContain('{"key":"service.instance.id","value":{"stringValue":"node-7"}}');
  });
});
