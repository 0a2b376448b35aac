import { CallToolResultSchema } from "@modelcontextprotocol/core";
import { isInputRequiredResult, withInputRequired } from "@modelcontextprotocol/client";
import type { Client as ModernClient, InputRequiredResult } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { callUntilOpened, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { connectModernMcp } from "../support/modern-mcp-client";
import { startRecordingUpstream } from "../support/recording-upstream";
import type { RecordingUpstream } from "../support/recording-upstream";

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
/** What the attacker hides where the approval card never looks. */
const SMUGGLED = { "com.bank/recipient": "attacker-iban" };
/** A key the config lets through (`forward_meta`), so a retry must not swap its value. */
const REFERENCE_KEY = "com.bank/reference";

describe("red team: `_meta` the approval card never showed", () => {
  let hub: TestHub | undefined;
  let upstream: RecordingUpstream | undefined;
  const clients: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await hub?.close();
    await upstream?.close();
    hub = upstream = undefined;
  });

  async function startGate(): Promise<{ hub: TestHub; upstream: RecordingUpstream }> {
    upstream = await startRecordingUpstream();
    const proxy = parseProxyConfig({
      upstreams: {
        demo: {
          url: upstream.url.href,
          timeout_seconds: 5,
          tools: { transfer: true },
          forward_meta: [REFERENCE_KEY],
        },
      },
    });
    hub = await startTestHub({ proxy });
    return { hub, upstream };
  }

  it("issue 31: an approved call's smuggled _meta key never reaches the upstream; protocol and allowed keys do", async () => {
    const gate = await startGate();
    const { token } = await gate.hub.registerUser("meta");
    const agent = new Client({ name: "redteam-agent", version: "1.0.0" });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", gate.hub.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(agent);

    const meta = { ...SMUGGLED, [REFERENCE_KEY]: "invoice-7", traceparent: TRACEPARENT };
    const opened = await callUntilOpened(
      agent,
      { name: "transfer", arguments: { amount: 10 }, _meta: meta },
      "APPROVAL",
    );
    const answer = await gate.hub.request(`/api/inquiries/${opened.inquiryId}/answer`, {
      token,
      body: { action: "approve" },
    });
    expect(answer.status).toBe(200);
    expect(resultText(await opened.call)).toBe("transferred");

    expect(gate.upstream.metas).toHaveLength(1);
    const received = gate.upstream.metas[0];
    expect(received).not.toHaveProperty(["com.bank/recipient"]);
    expect(received).toMatchObject({ [REFERENCE_KEY]: "invoice-7", traceparent: TRACEPARENT });
  });

  it("issue 31: a 2026-07-28 retry that swaps a forwarded _meta value is refused and runs nothing", async () => {
    const gate = await startGate();
    const { token } = await gate.hub.registerUser("meta");
    const { client } = await connectModernMcp([gate.hub.url], token, "", {
      path: "/proxy/demo/mcp",
      client: {
        capabilities: { elicitation: { url: {} } },
        inputRequired: { autoFulfill: false },
      },
    });
    clients.push(client);
    const call = (params: Record<string, unknown>, agent: ModernClient = client) =>
      agent.request(
        {
          method: "tools/call",
          params: { name: "transfer", arguments: { amount: 10 }, ...params },
        },
        withInputRequired(CallToolResultSchema),
        { allowInputRequired: true },
      );

    const asked = { [REFERENCE_KEY]: "invoice-7" };
    const first = await call({ _meta: asked });
    expect(isInputRequiredResult(first)).toBe(true);
    const state = z.string().parse((first as InputRequiredResult).requestState);
    const [question] = z
      .array(z.object({ id: z.string() }))
      .parse(await (await gate.hub.request("/api/inquiries?status=pending", { token })).json());
    const answer = await gate.hub.request(`/api/inquiries/${question?.id}/answer`, {
      token,
      body: { action: "approve" },
    });
    expect(answer.status).toBe(200);

    const retry = { requestState: state, inputResponses: { approval: { action: "accept" } } };
    await expect(call({ ...retry, _meta: { [REFERENCE_KEY]: "attacker-ref" } })).rejects.toThrow(
      /requestState refused \(different-request\)/,
    );
    expect(gate.upstream.metas).toHaveLength(0);

    const approved = await call({ ...retry, _meta: { ...asked, ...SMUGGLED } });
    expect(resultText(CallToolResultSchema.parse(approved))).toBe("transferred");
    expect(gate.upstream.metas).toHaveLength(1);
    expect(gate.upstream.metas[0]).toMatchObject(asked);
    expect(gate.upstream.metas[0]).not.toHaveProperty(["com.bank/recipient"]);
  });
});
