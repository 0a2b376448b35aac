import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startRedisSentinel } from "@inquiry-hub/test-kit";
import type { TestRedisSentinel } from "@inquiry-hub/test-kit";
import type { Inquiry, SocketAck } from "@inquiry-hub/protocol";
import type { ApprovalAuditEntry } from "../../src/features/approvals/audit-log";
import { resultText } from "../helpers";
import { answerOver } from "../socket-helpers";
import type { DeviceSocket } from "../socket-helpers";
import { startTestNode } from "../support/cluster";
import type { TestNode } from "../support/cluster";
import { fileExists, gatedCall, startDemoUpstream } from "../support/proxy-harness";
import type { DemoUpstream } from "../support/proxy-harness";
import { sentinelTopology } from "../support/sentinel-infra";

/** Gated calls waiting for a person when the master dies; SENTINEL_APPROVALS scales it up. */
const APPROVALS = Number(process.env.SENTINEL_APPROVALS ?? 5);

/**
 * Approves as a device does: an UNAVAILABLE answer (the new master's replica still attaching)
 * is retried every 100 ms, at most `attempts` times; anything else is the answer. A retry may
 * meet CONFLICT when the UNAVAILABLE attempt was applied after all (its replica wait timed
 * out), so the caller checks the stored outcome, not the last ack alone.
 */
async function approveLikeADevice(
  socket: DeviceSocket,
  inquiryId: string,
  attempts = 50,
): Promise<SocketAck<Inquiry>> {
  let ack = await answerOver(socket, { inquiryId, action: "approve" });
  for (let attempt = 1; attempt < attempts; attempt += 1) {
    if (!("error" in ack) || ack.error.code !== "UNAVAILABLE") return ack;
    await new Promise((resolve) => setTimeout(resolve, 100));
    ack = await answerOver(socket, { inquiryId, action: "approve" });
  }
  return ack;
}

/** Polls `/api/ready` every 50 ms until it answers `status`; resolves with the time taken. */
async function untilReadyIs(node: TestNode, status: number, timeoutMs: number): Promise<number> {
  const startedAt = Date.now();
  while (Date.now() - startedAt < timeoutMs) {
    const response = await node.request("/api/ready");
    await response.body?.cancel();
    if (response.status === status) return Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`/api/ready did not answer ${status} within ${timeoutMs} ms`);
}

/**
 * A hub node on a Sentinel-managed Redis (master + replica + 3 sentinels) with the approval
 * proxy in front of a real demo-tools server. While gated calls wait for a person, the master
 * is SIGKILLed and Sentinel promotes the replica: the fault must approve nothing (the upstream
 * sees no call), and every approval must still be pending and answerable afterwards.
 */
describe("Sentinel failover under pending approvals", () => {
  let sentinel: TestRedisSentinel;
  let upstream: DemoUpstream;
  let node: TestNode;
  const audit: ApprovalAuditEntry[] = [];
  let agent: Client | undefined;

  beforeAll(async () => {
    // Two replicas: writes wait for one replica's acknowledgement, so after the promotion one
    // replica must be left to give it.
    sentinel = await startRedisSentinel({ replicas: 2 });
    upstream = await startDemoUpstream({ write_file: true });
    node = await startTestNode(
      {
        topology: sentinelTopology(sentinel),
        keyPrefix: `sentinel-${randomUUID()}:`,
        leaseSeconds: 3,
      },
      { proxy: upstream.proxy, heartbeatSeconds: 0.2 },
      {
        approvalAudit: (entry) => {
          if (entry.event === "approval.decision") audit.push(entry);
        },
      },
    );
  });
  afterAll(async () => {
    await agent?.close();
    await node?.close();
    await upstream?.close();
    await sentinel?.stop();
  });

  it("approves nothing through the fault, and forwards each call exactly once when approved after it", async () => {
    const owner = await node.registerUser("sentinel");
    agent = new Client({ name: "sentinel-agent", version: "1.0.0" });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", node.url), {
        requestInit: { headers: { Authorization: `Bearer ${owner.token}` } },
      }),
    );
    const files = Array.from({ length: APPROVALS }, (_unused, index) => `failover-${index}.md`);
    const calls = await Promise.all(
      files.map((file) => gatedCall(agent as Client, "write_file", { path: file, content: file })),
    );
    await sentinel.waitForReplicaSync();

    const formerMaster = await sentinel.killMaster();
    const killedAt = Date.now();
    await untilReadyIs(node, 503, 2_000);
    const newMaster = await sentinel.waitForFailover(formerMaster);
    const failoverMs = Date.now() - killedAt;
    await untilReadyIs(node, 200, 10_000);
    const readyAgainMs = Date.now() - killedAt;
    console.info(
      `sentinel failover ${formerMaster} -> ${newMaster}: promoted after ${failoverMs} ms, ` +
        `node ready again after ${readyAgainMs} ms (start-up ${sentinel.startupMs} ms, ${APPROVALS} approvals)`,
    );

    for (const file of files)
      expect(await fileExists(path.join(upstream.sandboxDir, file))).toBe(false);
    expect(audit).toEqual([]);
    const pending = await node.request("/api/inquiries?status=pending", { token: owner.token });
    const pendingIds = ((await pending.json()) as { id: string }[]).map(({ id }) => id);
    expect(new Set(pendingIds)).toEqual(new Set(calls.map(({ inquiryId }) => inquiryId)));

    const phone = await node.devices.connect({ token: owner.token });
    for (const { inquiryId } of calls) {
      const ack = await approveLikeADevice(phone.socket, inquiryId);
      if ("error" in ack) expect(ack.error.code).toBe("CONFLICT");
      const stored = await node.request(`/api/inquiries/${inquiryId}`, { token: owner.token });
      expect(await stored.json()).toMatchObject({ id: inquiryId, status: "answered" });
    }
    const results = await Promise.all(calls.map(({ call }) => call));
    expect(results.map(resultText)).toEqual(
      files.map(
        (file) => `Wrote ${file.length} bytes to ${file} in the sandbox.\nContent: "${file}"`,
      ),
    );
    for (const file of files)
      expect(await readFile(path.join(upstream.sandboxDir, file), "utf8")).toBe(file);
    expect(audit.map((entry) => entry.inquiryId).sort()).toEqual(
      calls.map(({ inquiryId }) => inquiryId).sort(),
    );
    expect(audit.every((entry) => entry.verdict === "approved")).toBe(true);
  });
});
