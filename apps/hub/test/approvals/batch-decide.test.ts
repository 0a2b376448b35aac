import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import { resultText, waitFor } from "../helpers";
import type { TestDevice } from "../socket-helpers";
import { gatedCall } from "../support/proxy-harness";
import type { OpenedCall } from "../helpers";
import { connectModernMcp } from "../support/modern-mcp-client";
import { startBatchBench } from "./batch-bench";
import type { BatchBench, BatchStore } from "./batch-bench";

/** The cards `device` got for `ids`, once it got them all. */
function cardsOn(device: TestDevice, ids: readonly string[]): Promise<Inquiry[]> {
  return waitFor(() => {
    const cards = ids.map((id) => device.created.find((each) => each.id === id));
    return Promise.resolve(cards.every((card) => card !== undefined) ? cards : undefined);
  });
}

/** Resolves once `device` heard every one of `ids` withdrawn, with their statuses. */
function withdrawalsOn(device: TestDevice, ids: readonly string[]): Promise<string[]> {
  return waitFor(() => {
    const heard = ids.map((id) => device.withdrawn.find((each) => each.inquiryId === id));
    return Promise.resolve(
      heard.every((each) => each !== undefined) ? heard.map((each) => each.status) : undefined,
    );
  });
}

/**
 * Batches through the approval proxy, with a real MCP SDK client, demo-tools behind the hub
 * and two socket.io devices of the person, on memory and on Redis.
 */
describe.each<BatchStore>(["memory", "redis"])("batches of approvals on %s", (store) => {
  let bench: BatchBench;
  const open: OpenedCall[] = [];

  beforeAll(async () => {
    bench = await startBatchBench(store);
  }, 30_000);
  afterEach(async () => {
    // A call left waiting (the team's item) is withdrawn, so the next test starts clean.
    await Promise.all(
      open.splice(0).map(async (each) => {
        await bench.harness.hub.inquiries.cancel(each.inquiryId);
        await each.call;
      }),
    );
  });
  afterAll(() => bench?.close());

  const insert = (title: string) =>
    gatedCall(bench.agent, "execute_sql", {
      query: `INSERT INTO notes (title) VALUES ('${title}')`,
    });

  it("five parallel calls are one batch on both devices; Approve all forwards each once and leaves the team's item", async () => {
    const titles = [1, 2, 3, 4, 5].map((n) => `batch-${n}-${randomUUID().slice(0, 8)}`);
    const calls = await Promise.all(titles.map(insert));
    const teamCall = await gatedCall(bench.agent, "write_file", {
      path: "team/plan.txt",
      content: "for the team",
    });
    open.push(teamCall);
    const ids = calls.map((each) => each.inquiryId);

    const [phoneCards, laptopCards] = await Promise.all([
      cardsOn(bench.phone, ids),
      cardsOn(bench.laptop, ids),
    ]);
    const batchIds = new Set([...phoneCards, ...laptopCards].map((card) => card.approval?.batchId));
    expect(batchIds.size).toBe(1);
    const [batchId] = [...batchIds];
    if (batchId === undefined) throw new Error("the cards carry no batch id");
    const teamItem = await bench.harness.hub.inquiries.get(bench.person.userId, teamCall.inquiryId);
    expect(teamItem).toMatchObject({
      approval: { batchId },
      sharedApproval: expect.anything() as unknown,
    });

    const result = await bench.decided(batchId, {
      action: "approve",
      inquiryIds: [...ids, teamCall.inquiryId],
    });
    expect(result.decided).toEqual(ids.map((inquiryId) => ({ inquiryId, status: "answered" })));
    expect(result.skipped).toEqual([{ inquiryId: teamCall.inquiryId, reason: "team" }]);

    for (const each of await Promise.all(calls.map((call) => call.call)))
      expect(resultText(each)).toMatch(/INSERT|row/i);
    for (const title of titles) expect(await bench.rowsTitled(title)).toBe(1);
    expect(await withdrawalsOn(bench.phone, ids)).toEqual(ids.map(() => "answered"));
    expect(await withdrawalsOn(bench.laptop, ids)).toEqual(ids.map(() => "answered"));

    const stored = await Promise.all(
      ids.map((id) => bench.harness.hub.inquiries.get(bench.person.userId, id)),
    );
    for (const inquiry of stored)
      expect(inquiry.resolution).toMatchObject({ response: "approve", batchId });
    expect(
      (await bench.harness.hub.inquiries.get(bench.person.userId, teamCall.inquiryId)).status,
    ).toBe("pending");
    expect(bench.harness.batchAudit.at(-1)).toEqual({
      event: "approval.batch",
      batchId,
      userId: bench.person.userId,
      decidedByDeviceId: expect.any(String) as string,
      action: "approve",
      items: [
        ...ids.map((inquiryId) => ({ inquiryId, status: "answered" })),
        { inquiryId: teamCall.inquiryId, skipped: "team" },
      ],
      decidedAt: expect.any(String) as string,
    });
    const decisions = bench.harness.audit.filter((entry) => ids.includes(entry.inquiryId));
    expect(decisions.map((entry) => entry.verdict)).toEqual(ids.map(() => "approved"));
  });

  it("Reject all forwards nothing and records the reason on each item", async () => {
    const titles = [1, 2].map((n) => `rejected-${n}-${randomUUID().slice(0, 8)}`);
    const calls = await Promise.all(titles.map(insert));
    const ids = calls.map((each) => each.inquiryId);
    const [card] = await cardsOn(bench.phone, ids);
    const batchId = card?.approval?.batchId ?? "";

    const result = await bench.decided(batchId, {
      action: "reject",
      inquiryIds: ids,
      reason: "not this week",
    });
    expect(result.skipped).toEqual([]);
    await Promise.all(calls.map((call) => call.call));
    for (const title of titles) expect(await bench.rowsTitled(title)).toBe(0);
    const stored = await bench.harness.hub.inquiries.get(bench.person.userId, ids[0] ?? "");
    expect(stored.resolution).toMatchObject({
      status: "rejected",
      reason: "not this week",
      batchId,
    });
  });

  it("a 2026-07-28 client's calls, each its own request, join the batch their credential opened", async () => {
    const { client } = await connectModernMcp([bench.harness.hubUrl], bench.person.token, "", {
      path: "/proxy/demo/mcp",
    });
    const titles = [1, 2, 3].map((n) => `modern-${n}-${randomUUID().slice(0, 8)}`);
    const calls = titles.map((title) =>
      client.callTool({
        name: "execute_sql",
        arguments: { query: `INSERT INTO notes (title) VALUES ('${title}')` },
      }),
    );
    const cards = await waitFor(() => {
      const seen = bench.phone.created.filter((card) =>
        titles.some((title) => JSON.stringify(card.approval?.arguments).includes(title)),
      );
      return Promise.resolve(seen.length === titles.length ? seen : undefined);
    });
    const batchIds = new Set(cards.map((card) => card.approval?.batchId));
    expect(batchIds.size).toBe(1);
    const [batchId] = [...batchIds];
    expect(batchId).toMatch(/^batch-/);

    const result = await bench.decided(batchId ?? "", {
      action: "approve",
      inquiryIds: cards.map((card) => card.id),
    });
    expect(result.skipped).toEqual([]);
    await Promise.all(calls);
    for (const title of titles) expect(await bench.rowsTitled(title)).toBe(1);
    await client.close();
  });

  it("a bad body or batch id is a 400 naming the field, and nothing is decided", async () => {
    const call = await insert(`bad-${randomUUID().slice(0, 8)}`);
    open.push(call);
    const [card] = await cardsOn(bench.phone, [call.inquiryId]);
    const batchId = card?.approval?.batchId ?? "";
    const cases: [string, unknown, RegExp][] = [
      [batchId, { action: "maybe", inquiryIds: [call.inquiryId] }, /^action:/],
      [batchId, { action: "approve", inquiryIds: [] }, /^inquiryIds:/],
      [batchId, { action: "approve", inquiryIds: ["not-a-uuid"] }, /^inquiryIds\.0:/],
      [
        batchId,
        { action: "approve", inquiryIds: Array.from({ length: 51 }, () => randomUUID()) },
        /^inquiryIds:/,
      ],
      [batchId, { action: "approve", inquiryIds: [call.inquiryId], extra: 1 }, /^body:|extra/],
      ["BATCH;DROP", { action: "approve", inquiryIds: [call.inquiryId] }, /^batchId:/],
    ];
    for (const [id, body, message] of cases) {
      const response = await bench.decide(bench.person.token, id, body);
      expect(response.status).toBe(400);
      expect((response.body as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(
      (await bench.harness.hub.inquiries.get(bench.person.userId, call.inquiryId)).status,
    ).toBe("pending");
  });
});
