import { afterEach, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { createProgressRecorder, resultText } from "../helpers";
import { answerOver } from "../socket-helpers";
import { useTestCluster } from "../support/cluster-suite";
import { MODERN_PROTOCOL_VERSION, connectModernMcp } from "../support/modern-mcp-client";

/**
 * Two hub nodes on one redis-server behind a round-robin "load balancer" with no
 * stickiness: every HTTP request of a 2026-07-28 client goes to the other node than the last.
 */
describe("a 2026-07-28 client behind round-robin over two hub nodes", () => {
  const cluster = useTestCluster({ name: "modern", leaseSeconds: 3 }, { heartbeatSeconds: 0.2 });
  const clients: Client[] = [];
  // Registered after the cluster's own hook, so it runs first: clients close before devices.
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  });

  it("serves a whole inquiry whose answer comes from a device on the other node", async () => {
    const { nodeA, nodeB } = cluster();
    const owner = await nodeA.registerUser("balanced");
    const phone = await nodeB.login(owner.username, "phone");
    const modern = await connectModernMcp([nodeA.url, nodeB.url], owner.token);
    clients.push(modern.client);
    expect(modern.client.getNegotiatedProtocolVersion()).toBe(MODERN_PROTOCOL_VERSION);

    const tools = await modern.client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toContain("send_inquiry");
    const callNode = modern.sentTo.length % 2 === 0 ? nodeA : nodeB;
    const deviceNode = callNode === nodeA ? nodeB : nodeA;
    const device = await deviceNode.devices.connect({ token: phone.token });

    const progress = createProgressRecorder();
    const call = modern.client.callTool(
      { name: "send_inquiry", arguments: { prompt: "Ship it?" } },
      { onprogress: progress.onprogress },
    );
    const opened = await progress.next("INQUIRY");
    expect(modern.sentTo.at(-1)).toBe(callNode.url.origin);
    await expect
      .poll(() => device.created.map((inquiry) => inquiry.id))
      .toEqual([opened.inquiryId]);
    const ack = await answerOver(device.socket, { inquiryId: opened.inquiryId, response: "Yes" });
    expect(ack).toMatchObject({ data: { status: "answered" } });
    expect(resultText(await call)).toBe("Yes");
    expect(progress.metas.at(-1)).toMatchObject({ type: "INQUIRY_CLOSED", status: "answered" });

    expect(new Set(modern.sentTo)).toEqual(new Set([nodeA.url.origin, nodeB.url.origin]));
  });
});
