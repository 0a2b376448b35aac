import type { HubDeps } from "../app";
import type { EmbeddedInfra } from "./embedded-infra";

/**
 * Every store of a single hub node taken from the embedded database (the `npm start`
 * default). The event bus, presence and rate limits stay in this process: one node has
 * nobody to share them with. The pending index lets the sweeper time out questions whose
 * backstop timers died with the previous run.
 */
export function embeddedHubDeps(embedded: EmbeddedInfra): Partial<HubDeps> {
  return {
    inquiryStore: embedded.inquiryStore,
    pendingIndex: embedded.pendingIndex,
    idempotencyIndex: embedded.idempotencyIndex,
    usedRequestStates: embedded.usedRequestStates,
    toolDefinitionPins: embedded.toolDefinitionPins,
    userStore: embedded.userStore,
    tokenStore: embedded.tokenStore,
    deviceStore: embedded.deviceStore,
    pairingCodes: embedded.pairingCodes,
    socketTickets: embedded.socketTickets,
    settingsStore: embedded.settingsStore,
    conversationStore: embedded.conversationStore,
    teamStore: embedded.teamStore,
    teamInvitations: embedded.teamInvitations,
    approvalVotes: embedded.approvalVotes,
    channels: embedded.channelStores,
  };
}
