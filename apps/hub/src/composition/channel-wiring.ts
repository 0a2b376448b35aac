import type { ApprovalVote, Inquiry } from "@inquiry-hub/protocol";
import { Router } from "express";
import type { RequestHandler } from "express";
import type { HubConfig } from "../config/hub-config";
import type { DeliveryClaims } from "../features/notifications/ports";
import type { Logger, OneTimeSecretStore } from "../kernel/ports";
import type { DeviceService } from "../features/accounts/device-service";
import type { DeliveryLog } from "../features/history/ports";
import type { AuditTrail } from "../features/inquiries/audit-trail";
import { createHistoryService } from "../features/history/history-service";
import type { InquiryService } from "../features/inquiries/inquiry-service";
import type { InquiryEventBus } from "../features/inquiries/ports";
import type { InquiryMetrics } from "../features/inquiries/inquiry-metrics";
import { startPushNotifier } from "../features/notifications/push-notifier";
import { startExpiryPush } from "../features/notifications/expiry-push";
import type { ExpiryWarnings } from "../features/notifications/expiry-warnings";
import { createPushDelivery } from "../features/notifications/push-delivery";
import type { PushSender, PushSubscriptionStore } from "../features/notifications/ports";
import { createWebhookDecisions } from "../features/notifications/webhook-decisions";
import { createLinkIssuer } from "../features/notifications/webhook-links";
import { startWebhookNotifier } from "../features/notifications/webhook-notifier";
import { WEBHOOK_DEVICE_ID, WEBHOOK_DEVICE_NAME } from "../features/notifications/ports";
import type { LinkNonce, WebhookConfigStore, WebhookPoster } from "../features/notifications/ports";
import { withEphemeralSecrets } from "./channel-secrets";
import { createHttpWebhookPoster } from "../features/notifications/adapters/http-webhook-poster";
import { pushEndpointProblem, webhookUrlProblem } from "../platform/outbound-http/url-problems";
import { createMemoryAuditTrail } from "../features/inquiries/stores/memory-audit-trail";
import { createMemoryDeliveryClaims } from "../features/notifications/stores/memory-delivery-claims";
import { createMemoryDeliveryLog } from "../features/history/stores/memory-delivery-log";
import { createMemoryReceiptStore } from "../features/receipts/stores/memory-receipt-store";
import type { ReceiptStore } from "../features/receipts/ports";
import type { EscalationListener } from "../features/teams/shared-approvals";
import { createReceiptService } from "../features/receipts/receipt-service";
import type { ReceiptService } from "../features/receipts/receipt-service";
import { createReceiptRoutes } from "../features/receipts/http/receipt-routes";
import { createMemoryOneTimeSecretStore } from "../platform/memory/memory-one-time-secret-store";
import { createMemoryPushSubscriptionStore } from "../features/notifications/stores/memory-push-subscription-store";
import { createMemoryWebhookConfigStore } from "../features/notifications/stores/memory-webhook-config-store";
import { createWebPushSender } from "../features/notifications/adapters/web-push-sender";
import { createHistoryRoutes } from "../features/history/http/history-routes";
import { createPushRoutes } from "../features/notifications/http/push-routes";
import {
  createWebhookChannelRoutes,
  createWebhookDecisionRoutes,
} from "../features/notifications/http/webhook-routes";

/**
 * Replaceable infrastructure of history, Web Push and the webhook channel; each defaults to
 * the in-memory version. `auditTrail` absent = the in-memory trail fed by the event bus (for
 * the Redis store, pass its stream reader: the store writes the trail itself).
 */
export interface ChannelDeps {
  auditTrail: AuditTrail;
  deliveryLog: DeliveryLog;
  pushSubscriptions: PushSubscriptionStore;
  pushSender: PushSender;
  webhookConfigs: WebhookConfigStore;
  /** Nonce hash → which inquiry of whom a decision link may decide. */
  webhookNonces: OneTimeSecretStore<LinkNonce>;
  webhookPoster: WebhookPoster;
  /** Once-only announcements and follow-ups across nodes (Redis), or just this node. */
  deliveryClaims: DeliveryClaims;
  /** Who each question reached and who saw it (delivery receipts). */
  receiptStore: ReceiptStore;
}

/** What the composition root mounts and stops. */
export interface Channels {
  /**
   * `/api/history`, `/api/push`, `/api/channels/webhook`, `/api/webhook-decisions`,
   * `/api/inquiries/:id/receipts`.
   */
  router: Router;
  /** Delivery receipts, which the socket layer records and fans out too. */
  receipts: ReceiptService;
  stop(): void;
}

/**
 * Wires the ways of reaching the person beyond live sockets (push, webhook) and the history
 * that records how each inquiry ended. Everything listens on the event bus; nothing here
 * changes an inquiry except a confirmed webhook link, through `InquiryService.answer`.
 */
export function createChannels(
  hubConfig: HubConfig,
  core: {
    bus: InquiryEventBus;
    devices: DeviceService;
    inquiries: InquiryService;
    /** This node's expiry warnings, pushed to devices without a socket. */
    expiryWarnings: ExpiryWarnings;
    /** Escalations of shared approvals, so their newcomers are pushed too; none without teams. */
    onEscalated?: (listener: EscalationListener) => () => void;
    /** Any inquiry by id, whoever owns it: receipts check the audience themselves. */
    readInquiry: (id: string) => Promise<Inquiry | undefined>;
    authenticate: RequestHandler;
    /** The votes of shared approvals and voters' names, for the history detail. */
    votesOf?: (inquiryId: string) => Promise<ApprovalVote[]>;
    username?: (userId: string) => Promise<string | undefined>;
    logger: Logger;
    /** Counts push and webhook deliveries; nothing by default. */
    metrics?: InquiryMetrics;
  },
  deps: Partial<ChannelDeps> = {},
): Channels {
  const config = withEphemeralSecrets(hubConfig);
  const deviceName = async (deviceId: string) =>
    deviceId === WEBHOOK_DEVICE_ID ? WEBHOOK_DEVICE_NAME : core.devices.nameOf(deviceId);
  const memoryTrail = deps.auditTrail === undefined ? createMemoryAuditTrail() : undefined;
  const stopTrail =
    memoryTrail === undefined
      ? undefined
      : core.bus.subscribe((event) => memoryTrail.record(event));
  const deliveries = deps.deliveryLog ?? createMemoryDeliveryLog();
  const claims = deps.deliveryClaims ?? createMemoryDeliveryClaims();
  const receipts = createReceiptService({
    store:
      deps.receiptStore ?? createMemoryReceiptStore({ ttlMs: config.historyTtlSeconds * 1000 }),
    readInquiry: core.readInquiry,
    logger: core.logger,
  });
  const history = createHistoryService({
    inquiries: core.inquiries,
    audit: deps.auditTrail ?? memoryTrail ?? createMemoryAuditTrail(),
    deliveries,
    receipts,
    deviceName,
    fullArguments: config.auditFullArguments,
    ...(core.votesOf === undefined ? {} : { votesOf: core.votesOf }),
    ...(core.username === undefined ? {} : { username: core.username }),
  });

  const subscriptions = deps.pushSubscriptions ?? createMemoryPushSubscriptionStore();
  const sender =
    deps.pushSender ??
    createWebPushSender(
      { ...config.vapidKeys, subject: config.vapidSubject },
      { allowPrivate: config.pushAllowPrivate },
    );
  const pushDelivery = createPushDelivery({
    devices: core.devices,
    subscriptions,
    sender,
    receipts,
    logger: core.logger,
  });
  const stopPush = startPushNotifier({
    bus: core.bus,
    devices: core.devices,
    subscriptions,
    delivery: pushDelivery,
    claims,
    logger: core.logger,
    burstWindowMs: config.pushBurstSeconds * 1000,
    ...(core.metrics === undefined ? {} : { metrics: core.metrics }),
    ...(core.onEscalated === undefined ? {} : { onEscalated: core.onEscalated }),
  });

  const stopExpiryPush = startExpiryPush({
    warnings: core.expiryWarnings,
    bus: core.bus,
    delivery: pushDelivery,
    claims,
    logger: core.logger,
  });

  const webhookConfigs = deps.webhookConfigs ?? createMemoryWebhookConfigStore();
  const nonces = deps.webhookNonces ?? createMemoryOneTimeSecretStore<LinkNonce>();
  const secret = config.webhookSecret;
  const stopWebhook = startWebhookNotifier({
    bus: core.bus,
    configs: webhookConfigs,
    poster:
      deps.webhookPoster ?? createHttpWebhookPoster({ allowPrivate: config.webhookAllowPrivate }),
    deliveries,
    claims,
    links: createLinkIssuer({
      secret,
      nonces,
      webPublicUrl: config.webPublicUrl,
      ttlMs: config.webhookLinkSeconds * 1000,
    }),
    deviceName,
    receipts,
    retry: { attempts: config.webhookAttempts, baseDelayMs: config.webhookRetryBaseSeconds * 1000 },
    logger: core.logger,
    ...(core.metrics === undefined ? {} : { metrics: core.metrics }),
  });
  const decisions = createWebhookDecisions({ secret, nonces, inquiries: core.inquiries });

  const router = Router();
  router.use("/api/history", core.authenticate, createHistoryRoutes(history));
  router.use(
    "/api/push",
    createPushRoutes({
      sender,
      subscriptions,
      authenticate: core.authenticate,
      endpointProblem: config.pushAllowPrivate
        ? () => Promise.resolve(undefined)
        : pushEndpointProblem,
    }),
  );
  router.use(
    "/api/channels/webhook",
    core.authenticate,
    createWebhookChannelRoutes({
      configs: webhookConfigs,
      urlProblem: config.webhookAllowPrivate ? () => Promise.resolve(undefined) : webhookUrlProblem,
    }),
  );
  router.use("/api/webhook-decisions", core.authenticate, createWebhookDecisionRoutes(decisions));
  router.use("/api/inquiries", core.authenticate, createReceiptRoutes(receipts));

  return {
    router,
    receipts,
    stop() {
      stopTrail?.();
      stopPush();
      stopExpiryPush();
      stopWebhook();
    },
  };
}
