import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { createLmdbConversationStore } from "../../src/features/conversations/stores/lmdb-conversation-store";
import { createMemoryConversationStore } from "../../src/features/conversations/stores/memory-conversation-store";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import {
  AT,
  aRecord,
  aTurn,
  describeConversationContract,
} from "../support/contracts/conversation-store";

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
  let server: TestRedisServer;
  let infra: RedisInfra;
  beforeAll(async () => {
    server = await startRedisServer();
    infra = createRedisInfra({ url: server.url, keyPrefix: `conversations-${randomUUID()}:` });
    await infra.ready();
  });
  afterAll(async () => {
    await infra.close();
    await server.stop();
  });
  describeConversationContract("redis", () => infra.conversationStore);
});
