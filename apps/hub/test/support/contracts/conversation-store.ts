import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Turn } from "@inquiry-hub/protocol";
import type {
  ConversationRecord,
  ConversationStore,
} from "../../../src/features/conversations/ports";
import { applyTurnUpdate } from "../../../src/features/conversations/turn-rules";
import { HubError } from "../../../src/kernel/errors";

export const AT = "2026-03-01T10:00:00.000Z";

export function aRecord(userId: string, turns: Turn[] = []): ConversationRecord {
  return { id: randomUUID(), userId, title: "", createdAt: AT, updatedAt: AT, turns };
}

export function aTurn(status: Turn["status"], runId?: string): Turn {
  return {
    id: randomUUID(),
    text: "Where should we go?",
    sentAt: AT,
    status,
    reply: [],
    ...(runId === undefined ? {} : { runId }),
  };
}

/** The conversation port's contract: every store must behave like the memory one. */
export function describeConversationContract(name: string, open: () => ConversationStore): void {
  describe(`conversation store contract: ${name}`, () => {
    it("keeps each user's conversations apart and removes only the owner's", async () => {
      const store = open();
      const [ada, bob] = [randomUUID(), randomUUID()];
      const first = aRecord(ada);
      const second = aRecord(ada, [aTurn("running", "run-1")]);
      const bobs = aRecord(bob);
      for (const record of [first, second, bobs]) expect(await store.insert(record, 10)).toBe(true);
      expect(await store.get(second.id)).toEqual(second);
      expect(await store.get(randomUUID())).toBeUndefined();
      const listed = await store.listSummaries(ada);
      expect(listed.map((each) => [each.id, each.running]).sort()).toEqual(
        [
          [first.id, false],
          [second.id, true],
        ].sort(),
      );
      expect(await store.remove(bob, first.id)).toBe(false);
      expect(await store.remove(ada, first.id)).toBe(true);
      expect(await store.remove(ada, first.id)).toBe(false);
      expect(await store.get(first.id)).toBeUndefined();
      expect((await store.listSummaries(ada)).map((each) => each.id)).toEqual([second.id]);
      expect((await store.listSummaries(bob)).map((each) => each.id)).toEqual([bobs.id]);
    });

    it("refuses a conversation over the user's limit, even when creations race", async () => {
      const store = open();
      const user = randomUUID();
      const inserted = await Promise.all(
        Array.from({ length: 5 }, () => store.insert(aRecord(user), 3)),
      );
      expect(inserted.filter(Boolean)).toHaveLength(3);
      expect(await store.listSummaries(user)).toHaveLength(3);
      expect(await store.insert(aRecord(randomUUID()), 3)).toBe(true);
    });

    it("writes a change with its summary, and nothing when the change refuses", async () => {
      const store = open();
      const record = aRecord(randomUUID());
      await store.insert(record, 10);
      const renamed = await store.update(record.id, (current) => ({
        ...current,
        title: "Lisbon",
        updatedAt: "2026-03-01T11:00:00.000Z",
      }));
      expect(renamed?.title).toBe("Lisbon");
      await expect(
        store.update(record.id, () => {
          throw new HubError("CONFLICT", "refused");
        }),
      ).rejects.toMatchObject({ code: "CONFLICT" });
      expect(await store.get(record.id)).toMatchObject({ title: "Lisbon" });
      expect(await store.listSummaries(record.userId)).toEqual([
        {
          id: record.id,
          title: "Lisbon",
          createdAt: AT,
          updatedAt: "2026-03-01T11:00:00.000Z",
          running: false,
        },
      ]);
      expect(await store.update(randomUUID(), (current) => current)).toBeUndefined();
    });

    it("lets exactly one of two racing final reports apply", async () => {
      const store = open();
      const turn = aTurn("running", "run-1");
      const record = aRecord(randomUUID(), [turn]);
      await store.insert(record, 10);
      const finish = (text: string) =>
        store.update(record.id, (current) =>
          applyTurnUpdate(
            current,
            turn.id,
            { status: "completed", runId: "run-1", reply: [{ type: "text", text }] },
            "2026-03-01T10:05:00.000Z",
          ),
        );
      const results = await Promise.allSettled([finish("from node A"), finish("from node B")]);
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.filter((result) => result.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]?.reason).toMatchObject({ code: "CONFLICT" });
      const winner = won[0]?.value?.turns[0]?.reply;
      const stored = await store.get(record.id);
      expect(stored?.turns[0]?.reply).toEqual(winner);
      expect(stored?.turns[0]?.status).toBe("completed");
      expect((await store.listSummaries(record.userId))[0]?.running).toBe(false);
    });
  });
}
