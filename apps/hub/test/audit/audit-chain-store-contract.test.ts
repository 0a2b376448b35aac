import { describe } from "vitest";
import { createMemoryAuditChainStore } from "../../src/features/audit/stores/memory-audit-chain-store";
import { createLmdbAuditChainStore } from "../../src/features/audit/stores/lmdb-audit-chain-store";
import { describeAuditChainStoreContract } from "../support/contracts/audit-chain-store";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeAuditChainStoreContract("memory", createMemoryAuditChainStore);

describe("on the embedded store", () => {
  const suite = useSuiteEmbeddedDatabase("audit-chains");
  describeAuditChainStoreContract("embedded", () => createLmdbAuditChainStore(suite().db));
});

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("audit-chains");
  describeAuditChainStoreContract("redis", () => infra().auditChains);
});
