import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BatchDecisionResultSchema } from "@inquiry-hub/protocol";
import { runBatchId } from "../../src/features/approvals/batches/batch-assigner";
import { waitFor } from "../helpers";
import { startTestCluster } from "../support/cluster";
import type { TestCluster } from "../support/cluster";
import {
  SEND_EMAIL,
  connectV2,
  createAgentKey,
  decisionOf,
  requestApproval,
  startApprovalBench,
} from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

const emailTo = (n: number) => ({ ...SEND_EMAIL.arguments, to: `person${n}@example.com` });

/** `request_approval`, as the framework bridges call it: batched by run, else by credential. */
describe("batches of request_approval calls", () => {
  let bench: ApprovalBench;

  beforeAll(async () => {
    bench = await startApprovalBench({}, "batch-bridge");
  });
  afterAll(() => bench.close());

  it("five calls of one run_id are one batch; Approve all returns each call's own arguments once", async () => {
    const client = await bench.agent("2026-07-28");
    const calls = [1, 2, 3, 4, 5].map((n) =>
      requestApproval(client, { ...SEND_EMAIL, arguments: emailTo(n), run_id: "run-7" }),
    );
    const opened = await Promise.all(calls.map((each) => each.progress.next("APPROVAL")));
    const ids = opened.map((each) => each.inquiryId);
    const batchId = runBatchId(bench.person.userId, "run-7");
    const cards = await waitFor(() => {
      const seen = ids.map((id) => bench.phone.created.find((each) => each.id === id));
      return Promise.resolve(seen.every((each) => each !== undefined) ? seen : undefined);
    });
    expect(cards.map((card) => card.approval?.batchId)).toEqual(ids.map(() => batchId));

    const response = await bench.hub.request(`/api/approval-batches/${batchId}/decide`, {
      token: bench.person.token,
      body: { action: "approve", inquiryIds: ids },
    });
    expect(response.status).toBe(200);
    const result = BatchDecisionResultSchema.parse(await response.json());
    expect(result.decided.map((each) => each.inquiryId)).toEqual(ids);

    const decisions = await Promise.all(calls.map(async (each) => decisionOf(await each.call)));
    expect(decisions).toEqual(
      ids.map((inquiryId, index) => ({
        inquiryId,
        decision: "approve",
        arguments: emailTo(index + 1),
      })),
    );
    expect(bench.batchAudit).toHaveLength(1);
    expect(bench.audit.map((entry) => entry.inquiryId).sort()).toEqual([...ids].sort());
  });
});

/** The credential's window lives in Redis: calls landing on two nodes join one batch. */
describe("batch windows across two hub nodes on one redis-server", () => {
  let cluster: TestCluster;

  beforeAll(async () => {
    cluster = await startTestCluster({ name: "batch-nodes", leaseSeconds: 5 });
  }, 30_000);
  afterAll(() => cluster.close());

  it("calls of one agent key without a run id, on node A then node B, share a batch", async () => {
    const person = await cluster.nodeA.registerUser("batch-nodes");
    const agentKey = await createAgentKey(cluster.nodeA, person.token);
    const onA = await connectV2(cluster.nodeA, agentKey, "2026-07-28");
    const onB = await connectV2(cluster.nodeB, agentKey, "2026-07-28");
    const unnamed = { ...SEND_EMAIL, run_id: undefined };
    const first = requestApproval(onA, unnamed);
    const second = requestApproval(onB, { ...unnamed, arguments: emailTo(2) });
    const ids = await Promise.all(
      [first, second].map(async (each) => (await each.progress.next("APPROVAL")).inquiryId),
    );
    const stored = await Promise.all(
      ids.map((id) => cluster.nodeB.hub.inquiries.get(person.userId, id)),
    );
    const [batchId] = new Set(stored.map((each) => each.approval?.batchId));
    expect(batchId).toMatch(/^batch-/);
    expect(stored.map((each) => each.approval?.batchId)).toEqual([batchId, batchId]);

    const response = await cluster.nodeB.request(`/api/approval-batches/${batchId}/decide`, {
      token: person.token,
      body: { action: "reject", inquiryIds: ids },
    });
    expect(response.status).toBe(200);
    const results = await Promise.all([first.call, second.call]);
    expect(results.map((each) => decisionOf(each).decision)).toEqual(["reject", "reject"]);
    await Promise.all([onA.close(), onB.close()]);
  });
});
