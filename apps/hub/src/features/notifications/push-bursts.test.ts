import { randomUUID } from "node:crypto";
import type { Inquiry } from "@inquiry-hub/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../../kernel/ports";
import { createPushBursts } from "./push-bursts";
import type { PushBursts } from "./push-bursts";
import type { Pushed } from "./push-delivery";

const silent: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silent,
};

/** A pending approval of `credentialId`, in `batchId` when given. */
function approval(credentialId: string, batchId?: string): Inquiry {
  return {
    id: randomUUID(),
    userId: "user-1",
    type: "APPROVAL",
    question: "Run it?",
    options: [],
    createdAt: new Date().toISOString(),
    expiresAt: new Date().toISOString(),
    status: "pending",
    resolution: null,
    askedByCredentialId: credentialId,
    approval: {
      upstream: "demo",
      tool: "execute_sql",
      arguments: {},
      allowedDecisions: ["approve", "reject"],
      description: "Run it?",
      ...(batchId === undefined ? {} : { batchId }),
    },
  };
}

describe("push bursts: one notification per batch", () => {
  let bursts: PushBursts;
  const alone: string[] = [];
  const groups: { credentialId: string; ids: string[]; batchId: string | undefined }[] = [];
  const pushAlone = (inquiry: Inquiry) => (): Promise<Pushed> => {
    alone.push(inquiry.id);
    return Promise.resolve([{ deviceId: "phone", endpoint: "https://push.example/1" }]);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    alone.length = groups.length = 0;
    bursts = createPushBursts({
      pushGroup: (credentialId, inquiries, batchId) => {
        groups.push({ credentialId, ids: inquiries.map((each) => each.id), batchId });
        return Promise.resolve();
      },
      logger: silent,
      windowMs: 10_000,
      batchGatherMs: 1_500,
    });
  });
  afterEach(() => {
    bursts.stop();
    vi.useRealTimers();
  });

  it("gathers a batch's approvals and pushes them as one group naming the batch", async () => {
    const five = Array.from({ length: 5 }, () => approval("agent-1", "run-a"));
    const settled = five.map((each) => bursts.admit(each, pushAlone(each)));
    await vi.advanceTimersByTimeAsync(1_499);
    expect(groups).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.all(settled)).toEqual(five.map(() => []));
    expect(groups).toEqual([
      { credentialId: "agent-1", ids: five.map((each) => each.id), batchId: "run-a" },
    ]);
    expect(alone).toEqual([]);
  });

  it("pushes a batch of one on its own after the gathering, and two batches apart", async () => {
    const lone = approval("agent-1", "run-a");
    const other = [approval("agent-1", "run-b"), approval("agent-1", "run-b")];
    const settled = bursts.admit(lone, pushAlone(lone));
    for (const each of other) void bursts.admit(each, pushAlone(each));
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await settled).toEqual([{ deviceId: "phone", endpoint: "https://push.example/1" }]);
    expect(alone).toEqual([lone.id]);
    expect(groups).toEqual([
      { credentialId: "agent-1", ids: other.map((each) => each.id), batchId: "run-b" },
    ]);
  });

  it("drops an approval decided while gathered, and pushes nothing for an emptied batch", async () => {
    const [first, second] = [approval("agent-1", "run-a"), approval("agent-1", "run-a")];
    const settled = [first, second].map((each) => bursts.admit(each, pushAlone(each)));
    bursts.forget(first.id);
    bursts.forget(second.id);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await Promise.all(settled)).toEqual([[], []]);
    expect(alone).toEqual([]);
    expect(groups).toEqual([]);
  });

  it("leaves questions outside a batch to the credential's burst window", async () => {
    const question = { ...approval("agent-1"), type: "INQUIRY" as const };
    await bursts.admit(question, pushAlone(question));
    expect(alone).toEqual([question.id]);
  });
});
