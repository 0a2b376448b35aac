import { randomUUID } from "node:crypto";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import { describeAccountContract } from "../support/contracts/account-stores";
import { describeApprovalRuleStoreContract } from "../support/contracts/approval-rule-store";
import { describeChannelContract } from "../support/contracts/channel-stores";
import { describeConversationContract } from "../support/contracts/conversation-store";
import { describeIdempotencyContract } from "../support/contracts/idempotency-index";
import { describeInquiryStoreContract } from "../support/contracts/inquiry-store";
import { describeReceiptContract, useRedisReceiptStores } from "../support/contracts/receipt-store";
import { describeSettingsContract } from "../support/contracts/settings-store";
import { describeTeamContract, describeVoteContract } from "../support/contracts/team-stores";
import { describePinsContract } from "../support/contracts/tool-definition-pins";
import { describeUsedRequestStatesContract } from "../support/contracts/used-request-states";
import { describeOnSentinelAndCluster, useTopologyInfra } from "../support/replicated-redis";

/**
 * Every store contract on a Sentinel deployment and on a Redis Cluster, as the memory, embedded
 * and single-server runs in `test/*-contract.test.ts` do. One deployment of each serves every
 * contract (each starts in seconds, once per file); each contract has its own key prefix.
 */
describeOnSentinelAndCluster("Redis stores", ({ name, topology }) => {
  const accounts = useTopologyInfra("accounts", topology);
  describeAccountContract(name, () => ({
    users: accounts().userStore,
    tokens: accounts().tokenStore,
    devices: accounts().deviceStore,
    secrets: accounts().socketTickets,
  }));

  const channels = useTopologyInfra("channels", topology);
  describeChannelContract(name, () => channels().channelStores);

  const conversations = useTopologyInfra("conversations", topology);
  describeConversationContract(name, () => conversations().conversationStore);

  const idempotency = useTopologyInfra("idempotency", topology);
  describeIdempotencyContract(name, () => idempotency().idempotencyIndex);

  describeInquiryStoreContract(name, async (options = {}) => {
    const infra = createRedisInfra({
      topology: topology(),
      keyPrefix: `${name}-${randomUUID()}:`,
      log: () => undefined,
      ...options,
    });
    await infra.ready();
    return { store: infra.inquiryStore, close: () => infra.close() };
  });

  describeReceiptContract(name, useRedisReceiptStores(topology));

  const settings = useTopologyInfra("settings", topology);
  describeSettingsContract(name, () => settings().settingsStore);

  const rules = useTopologyInfra("approval-rules", topology);
  describeApprovalRuleStoreContract(name, () => rules().approvalRules);

  const teams = useTopologyInfra("teams", topology);
  describeTeamContract(name, () => teams().teamStore);
  describeVoteContract(name, () => teams().approvalVotes);

  const pins = useTopologyInfra("tool-pins", topology);
  describePinsContract(name, () => pins().toolDefinitionPins);

  const usedStates = useTopologyInfra("used-states", topology);
  describeUsedRequestStatesContract(name, () => usedStates().usedRequestStates);
});
