import { describe } from "vitest";
import { createMemoryApprovalRuleStore } from "../../src/features/approval-rules/stores/memory-approval-rule-store";
import { createLmdbApprovalRuleStore } from "../../src/features/approval-rules/stores/lmdb-approval-rule-store";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import { describeApprovalRuleStoreContract } from "../support/contracts/approval-rule-store";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeApprovalRuleStoreContract("memory", createMemoryApprovalRuleStore);

describe("on the embedded store", () => {
  const suite = useSuiteEmbeddedDatabase("approval-rule-store");
  describeApprovalRuleStoreContract("embedded", () => createLmdbApprovalRuleStore(suite().db));
});

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("approval-rules");
  describeApprovalRuleStoreContract("redis", () => infra().approvalRules);
});
