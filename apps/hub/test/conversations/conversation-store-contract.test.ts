import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLmdbConversationStore } from "../../src/features/conversations/stores/lmdb-conversation-store";
import { createMemoryConversationStore } from "../../src/features/conversations/stores/memory-conversation-store";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import {
  AT,
  aRecord,
  aTurn,
  describeConversationContract,
} from "../support/contracts/conversation-store";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeConversationContract("memory", createMemoryConversationStore);

describe("embedded", () => {
  const suite = useSuiteEmbeddedDatabase("conversations");
  describeConversationContract("embedded", () => createLmdbConversationStore(suite().db));
});

describe("embedded across a restart", () => {
  const suite = useSuiteEmbeddedDatabase("conversations-reopen");
  it("keeps conversations, their turns and the list after the database reopens", async () => {
    const record = aRecord(randomUUID(), [aTurn("pending")]);
    await createLmdbConversationStore(suite().db).insert(record, 10);
    const reopened = createLmdbConversationStore(await suite().reopen());
    expect(await reopened.get(record.id)).toEqual(record);
    expect(await reopened.listSummaries(record.userId)).toEqual([
      { id: record.id, title: "", createdAt: AT, updatedAt: AT, running: true },
    ]);
  });
});

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("conversations");
  describeConversationContract("redis", () => infra().conversationStore);
});
