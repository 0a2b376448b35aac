import { auditChild, createLogger } from "@inquiry-hub/logging";
import { createLogAuditSink } from "../features/approvals/audit-log";
import { NO_INQUIRY_TRACING } from "../features/inquiries/inquiry-tracing";
import { createLocalEventBus } from "../features/inquiries/adapters/local-event-bus";
import { createHttpWebhookPoster } from "../features/notifications/adapters/http-webhook-poster";
import { createWebPushSender } from "../features/notifications/adapters/web-push-sender";
import { createMemoryAttemptLimiters } from "../platform/rate-limit/attempt-limiters";
import { wireAudit, withAuditChain } from "./audit-wiring";
import type { ConfigWithSecrets } from "./channel-secrets";
import type { HubDeps, HubOverrides } from "./hub-deps";
import { createMemoryStores } from "./stores/memory-stores";

/**
 * Completes what a caller of `createHub` gave with the defaults of a single node kept in
 * memory: memory stores, an in-process event bus and rate limiters, the service logger, a
 * decision audit on that logger, Web Push and webhooks sent from this process, no tracing.
 * Whatever audit sink is given, each decision is also appended to the signed audit chain.
 * `main.ts` replaces the stores with the embedded database or Redis; tests replace single
 * parts.
 */
export function completeHubDeps(config: ConfigWithSecrets, overrides: HubOverrides): HubDeps {
  const stores = createMemoryStores({
    historyTtlSeconds: config.historyTtlSeconds,
    maxResolvedPerUser: config.memoryHistoryPerUser,
  });
  const logger = overrides.logger ?? createLogger({ service: "hub" });
  const audit = wireAudit(config, {
    stores: {
      auditChains: overrides.auditChains ?? stores.auditChains,
      teamStore: overrides.teamStore ?? stores.teamStore,
      deviceStore: overrides.deviceStore ?? stores.deviceStore,
      settingsStore: overrides.settingsStore ?? stores.settingsStore,
    },
    logger,
  });
  const fullArguments = { fullArguments: config.auditFullArguments };
  const logSink = createLogAuditSink(auditChild(logger), fullArguments);
  return {
    ...stores,
    eventBus: createLocalEventBus(logger),
    attemptLimiters: createMemoryAttemptLimiters(),
    channelSenders: {
      pushSender: createWebPushSender(
        { ...config.vapidKeys, subject: config.vapidSubject },
        { allowPrivate: config.pushAllowPrivate },
      ),
      webhookPoster: createHttpWebhookPoster({ allowPrivate: config.webhookAllowPrivate }),
    },
    cluster: undefined,
    requestStateClock: Date.now,
    digestClock: Date.now,
    tracing: NO_INQUIRY_TRACING,
    ...overrides,
    logger,
    approvalAudit: withAuditChain(overrides.approvalAudit ?? logSink, audit, fullArguments),
    channelStores: { ...stores.channelStores, ...overrides.channelStores },
  };
}
