import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ElicitRequest } from "@modelcontextprotocol/client";
import { resultText } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import { startTestCluster } from "../support/cluster";
import type { TestCluster } from "../support/cluster";
import { MODERN_PROTOCOL_VERSION, connectModernMcp } from "../support/modern-mcp-client";
import { startDemoUpstream } from "../support/proxy-harness";
import type { DemoUpstream } from "../support/proxy-harness";

/** Both nodes seal and open request states with this one key, as HUB_REQUEST_STATE_SECRET. */
const SHARED_SECRET = "cluster-request-state-secret-of-32+chars";

/**
 * Two hub nodes on one redis-server, each with the approval proxy in front of one demo-tools,
 * behind a round-robin "load balancer" with no stickiness: the first round of a gated call
 * lands on one node, its retry on the other.
 */
describe("a 2026-07-28 approval round trip across two hub nodes", () => {
  let upstream: DemoUpstream;
  let cluster: TestCluster;

  beforeAll(async () => {
    upstream = await startDemoUpstream({ write_file: true });
    cluster = await startTestCluster(
      { name: "round-trip", leaseSeconds: 3 },
      { proxy: upstream.proxy, requestStateSecret: SHARED_SECRET, heartbeatSeconds: 0.2 },
    );
  });
  afterAll(async () => {
    await cluster.close();
    await upstream.close();
  });

  it("redeems on node B the state node A issued, and forwards the approved call", async () => {
    const { nodeA, nodeB } = cluster;
    const owner = await nodeA.registerUser("round-trip");
    const phone = await nodeB.devices.connect({ token: owner.token });
    const { client, sentTo } = await connectModernMcp([nodeA.url, nodeB.url], owner.token, "", {
      path: "/proxy/demo/mcp",
      client: { capabilities: { elicitation: { url: {} } } },
    });
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_PROTOCOL_VERSION);
    const decided = nextEvent(phone.socket, "inquiry:new").then(async (inquiry) => {
      await answerOver(phone.socket, { inquiryId: inquiry.id, action: "approve" });
      return inquiry;
    });
    const elicited: ElicitRequest["params"][] = [];
    client.setRequestHandler("elicitation/create", async (request) => {
      elicited.push(request.params);
      await decided;
      return { action: "accept" };
    });
    const before = sentTo.length;

    const result = await client.callTool({
      name: "write_file",
      arguments: { path: "cluster.md", content: "balanced" },
    });
    expect(resultText(result)).toBe(
      'Wrote 8 bytes to cluster.md in the sandbox.\nContent: "balanced"',
    );
    expect(elicited).toHaveLength(1);
    const [first, retry] = sentTo.slice(before);
    expect(first).not.toBe(retry);
    expect(new Set([first, retry])).toEqual(new Set([nodeA.url.origin, nodeB.url.origin]));
    expect(await readFile(path.join(upstream.sandboxDir, "cluster.md"), "utf8")).toBe("balanced");
    await client.close();
    cluster.closeDevices();
  });
});
