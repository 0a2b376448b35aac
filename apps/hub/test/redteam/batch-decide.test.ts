import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CreatedAgentKeySchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { OpenedCall } from "../helpers";
import { waitFor } from "../helpers";
import { gatedCall } from "../support/proxy-harness";
import { jsonRequest } from "../support/raw-requests";
import { startBatchBench } from "../approvals/batch-bench";
import type { BatchBench } from "../approvals/batch-bench";

/**
 * Red team: a group decision is the person's, over exactly the approvals they saw of their
 * own batch. Another person's approval (even one a teammate may vote on), an approval that
 * arrived after the list was made, and a high-risk one that needs its own look are never
 * swept along; an agent key cannot decide a batch at all.
 */
describe("red team: batch decisions", () => {
  let bench: BatchBench;
  const open: OpenedCall[] = [];

  beforeAll(async () => {
    bench = await startBatchBench("memory");
  }, 30_000);
  afterEach(async () => {
    await Promise.all(
      open.splice(0).map(async (each) => {
        await bench.harness.hub.inquiries.cancel(each.inquiryId);
        await each.call;
      }),
    );
  });
  afterAll(() => bench?.close());

  const insert = async (agent = bench.agent): Promise<OpenedCall> => {
    const call = await gatedCall(agent, "execute_sql", {
      query: `INSERT INTO notes (title) VALUES ('red-${randomUUID().slice(0, 8)}')`,
    });
    open.push(call);
    return call;
  };
  const statusOf = async (userId: string, id: string) =>
    (await bench.harness.hub.inquiries.get(userId, id)).status;
  const batchOf = async (userId: string, id: string): Promise<string> => {
    const batchId = (await bench.harness.hub.inquiries.get(userId, id)).approval?.batchId;
    if (batchId === undefined) throw new Error(`${id} has no batch`);
    return batchId;
  };

  it("another person's approval listed in my decision is neither decided nor revealed", async () => {
    const mine = await insert();
    const theirs = await insert(bench.stranger.agent);
    const myBatch = await batchOf(bench.person.userId, mine.inquiryId);
    const theirBatch = await batchOf(bench.stranger.userId, theirs.inquiryId);
    const unknown = randomUUID();

    for (const batchId of [myBatch, theirBatch]) {
      const result = await bench.decided(batchId, {
        action: "approve",
        inquiryIds: [theirs.inquiryId, unknown],
      });
      // Their id reads exactly like an id that does not exist.
      expect(result).toEqual({
        batchId,
        decided: [],
        skipped: [
          { inquiryId: theirs.inquiryId, reason: "not-in-batch" },
          { inquiryId: unknown, reason: "not-in-batch" },
        ],
      });
    }
    expect(await statusOf(bench.stranger.userId, theirs.inquiryId)).toBe("pending");
    expect(await statusOf(bench.person.userId, mine.inquiryId)).toBe("pending");
  });

  it("a teammate who may vote on my team's approval cannot sweep it into their own batch decision", async () => {
    const teamCall = await gatedCall(bench.agent, "write_file", {
      path: "team/red.txt",
      content: "team",
    });
    open.push(teamCall);
    const batchId = await batchOf(bench.person.userId, teamCall.inquiryId);
    const response = await bench.decide(bench.stranger.token, batchId, {
      action: "approve",
      inquiryIds: [teamCall.inquiryId],
    });
    expect(response).toEqual({
      status: 200,
      body: {
        batchId,
        decided: [],
        skipped: [{ inquiryId: teamCall.inquiryId, reason: "not-in-batch" }],
      },
    });
    expect(await statusOf(bench.person.userId, teamCall.inquiryId)).toBe("pending");
  });

  it("an agent key cannot decide a batch: 403, nothing decided, nothing audited", async () => {
    const call = await insert();
    const batchId = await batchOf(bench.person.userId, call.inquiryId);
    const created = await jsonRequest(
      new URL("/api/agent-keys", bench.harness.hubUrl),
      bench.person.token,
      "POST",
      { name: "rogue bridge" },
    );
    const { secret } = CreatedAgentKeySchema.parse(created.body);
    const audited = bench.harness.batchAudit.length;
    const response = await bench.decide(secret, batchId, {
      action: "approve",
      inquiryIds: [call.inquiryId],
    });
    expect(response.status).toBe(403);
    expect(await statusOf(bench.person.userId, call.inquiryId)).toBe("pending");
    expect(bench.harness.batchAudit).toHaveLength(audited);
  });

  it("an approval that joined the batch after the person looked is not swept along", async () => {
    const seen = await insert();
    const batchId = await batchOf(bench.person.userId, seen.inquiryId);
    const late = await insert();
    expect(await batchOf(bench.person.userId, late.inquiryId)).toBe(batchId);

    const result = await bench.decided(batchId, {
      action: "approve",
      inquiryIds: [seen.inquiryId],
    });
    expect(result.decided).toEqual([{ inquiryId: seen.inquiryId, status: "answered" }]);
    expect(await statusOf(bench.person.userId, late.inquiryId)).toBe("pending");
  });

  it("a fresh-look approval and one whose policy does not allow the action are skipped, named", async () => {
    const call = await insert();
    const batchId = await batchOf(bench.person.userId, call.inquiryId);
    const approval = (await bench.harness.hub.inquiries.get(bench.person.userId, call.inquiryId))
      .approval;
    if (approval === undefined) throw new Error("not an approval");
    const plant = (details: Partial<NonNullable<Inquiry["approval"]>>) =>
      bench.harness.hub.inquiries.create(bench.person.userId, {
        type: "APPROVAL",
        question: "Run this?",
        approval: { ...approval, ...details, batchId },
      });
    const fresh = await plant({ freshLook: true });
    const rejectOnly = await plant({ allowedDecisions: ["reject"] });

    const result = await bench.decided(batchId, {
      action: "approve",
      inquiryIds: [fresh.id, rejectOnly.id],
    });
    expect(result).toEqual({
      batchId,
      decided: [],
      skipped: [
        { inquiryId: fresh.id, reason: "fresh-look" },
        { inquiryId: rejectOnly.id, reason: "not-allowed" },
      ],
    });
    expect(await statusOf(bench.person.userId, fresh.id)).toBe("pending");
    expect(await statusOf(bench.person.userId, rejectOnly.id)).toBe("pending");
    await Promise.all(
      [fresh.id, rejectOnly.id].map((id) => bench.harness.hub.inquiries.cancel(id)),
    );
  });

  it("a second decision of the same items finds them already decided, and forwards nothing again", async () => {
    const call = await insert();
    open.pop();
    const batchId = await batchOf(bench.person.userId, call.inquiryId);
    const body = { action: "approve", inquiryIds: [call.inquiryId] };
    const [first, second] = await Promise.all([
      bench.decided(batchId, body),
      bench.decided(batchId, body),
    ]);
    const outcomes = [first, second].map((each) =>
      each.decided.length === 1 ? "decided" : each.skipped[0]?.reason,
    );
    expect(outcomes.sort()).toEqual(["already-decided", "decided"]);
    await call.call;
    await waitFor(() =>
      Promise.resolve(
        bench.harness.audit.some((entry) => entry.inquiryId === call.inquiryId) || undefined,
      ),
    );
    expect(bench.harness.audit.filter((entry) => entry.inquiryId === call.inquiryId)).toHaveLength(
      1,
    );
  });
});
