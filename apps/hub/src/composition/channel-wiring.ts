import type { ApprovalVote, DigestSetting, Inquiry } from "@inquiry-hub/protocol";
import { Router } from "express";
import type { RequestHandler } from "express";
import type { Logger } from "../kernel/ports";
import type { ConfigWithSecrets } from "./channel-secrets";
import type { ChannelSenders } from "./hub-deps";
import type { ChannelStores } from "./stores/hub-stores";
import type { DeviceService } from "../features/accounts/device-service";
import { createHistoryService } from "../features/history/history-service";
import type { InquiryService } from "../features/inquiries/inquiry-service";
import type { InquiryEventBus, PendingIndex } from "../features/inquiries/ports";
import type { InquiryMetrics } from "../features/inquiries/inquiry-metrics";
import { startPushNotifier } from "../features/notifications/push-notifier";
import { startExpiryPush } from "../features/notifications/expiry-push";
import type { ExpiryWarnings } from "../features/notifications/expiry-warnings";
import { createPushDelivery } from "../features/notifications/push-delivery";
import { createWebhookDecisions } from "../features/notifications/webhook-decisions";
import { createLinkIssuer } from "../features/notifications/webhook-links";
import { startWebhookNotifier } from "../features/notifications/webhook-notifier";
import { WEBHOOK_DEVICE_ID, WEBHOOK_DEVICE_NAME } from "../features/notifications/ports";
import { pushEndpointProblem, webhookUrlProblem } from "../platform/outbound-http/url-problems";
import type { EscalationListener } from "../features/teams/shared-approvals";
import type { Attention, ReachSettings } from "../features/notifications/routing-plan";
import type { RoutingSources } from "../features/notifications/routing-waits";
import { shareReachReads } from "../features/notifications/shared-reach-reads";
import { createReceiptService } from "../features/receipts/receipt-service";
import type { ReceiptService } from "../features/receipts/receipt-service";
import { createReceiptRoutes } from "../features/receipts/http/receipt-routes";
import { createHistoryRoutes } from "../features/history/http/history-routes";
import { createDigestService } from "../features/digest/digest-service";
import { createDigestRoutes } from "../features/digest/http/digest-routes";
import { startDigestPosts } from "../features/digest/digest-posts";
import { createPushRoutes } from "../features/notifications/http/push-routes";
import {
  createWebhookChannelRoutes,
  createWebhookDecisionRoutes,
} from "../features/notifications/http/webhook-routes";

/** At most this many pending questions have their delayed push and post resumed at start. */
const RESUMED_AT_MOST = 10_000;
const END_OF_TIME = new Date(8.64e15);

/**
 * The questions pending when this node starts, listed once for both notifiers, so a node
 * (re)started during a plan's wait picks up the steps armed for them. None without an index:
 * a hub in memory starts with no questions.
 */
function pendingAtStart(
  index: PendingIndex | undefined,
  readInquiry: (id: string) => Promise<Inquiry | undefined>,
): (() => Promise<Inquiry[]>) | undefined {
  if (index === undefined) return undefined;
  let listing: Promise<Inquiry[]> | undefined;
  const list = async () => {
    const ids = await index.overdue(END_OF_TIME, RESUMED_AT_MOST);
    const found = await Promise.all(ids.map(readInquiry));
    return found.filter((inquiry): inquiry is Inquiry => inquiry?.status === "pending");
  };
  return () => (listing ??= list());
}

/**
 * Replaceable infrastructure of history, Web Push and the webhook channel; each defaults to
 * the in-memory version. `auditTrail` absent = the in-memory trail fed by the event bus (for
 * the Redis store, pass its stream reader: the store writes the trail itself).
 */
/** What the composition root mounts and stops. */
export interface Channels {
  /**
   * `/api/history`, `/api/digest`, `/api/push`, `/api/channels/webhook`, `/api/webhook-decisions`,
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
  config: ConfigWithSecrets,
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
    /** The person's daily digest setting, for the digest's default time zone. */
    digestSettingOf?: (userId: string) => Promise<DigestSetting | undefined>;
    /** The people with the daily digest on; none: no daily digest is posted. */
    digestUsers?: () => Promise<string[]>;
    /** The clock the digest's schedule reads; Date.now by default. */
    digestClock?: () => number;
    /** The person's routing plan and quiet hours, which push follows; none: push at once. */
    reachOf?: (userId: string) => Promise<ReachSettings>;
    /** Whether the person has a visible, focused tab, so a plan's push need not wait for it. */
    attention?: (userId: string) => Promise<Attention>;
    /** The pending questions' index, whose delayed steps a starting node resumes; none. */
    pendingIndex?: PendingIndex;
  },
  stores: ChannelStores,
  senders: ChannelSenders,
): Channels {
  const deviceName = async (deviceId: string) =>
    deviceId === WEBHOOK_DEVICE_ID ? WEBHOOK_DEVICE_NAME : core.devices.nameOf(deviceId);
  const trail = stores.auditTrail;
  const stopTrail =
    trail.record === undefined ? undefined : core.bus.subscribe((event) => trail.record?.(event));
  const deliveries = stores.deliveryLog;
  const claims = stores.deliveryClaims;
  const receipts = createReceiptService({
    store: stores.receiptStore,
    readInquiry: core.readInquiry,
    logger: core.logger,
  });
  const seen = async (inquiryId: string) =>
    ((await receipts.list([inquiryId])).get(inquiryId) ?? []).some(
      (receipt) => receipt.kind === "seen",
    );
  const history = createHistoryService({
    inquiries: core.inquiries,
    audit: trail,
    deliveries,
    receipts,
    deviceName,
    fullArguments: config.auditFullArguments,
    ...(core.votesOf === undefined ? {} : { votesOf: core.votesOf }),
    ...(core.username === undefined ? {} : { username: core.username }),
  });

  const routingSources: RoutingSources | undefined =
    core.reachOf === undefined
      ? undefined
      : {
          reachOf: shareReachReads(core.reachOf),
          seen,
          step: (inquiry, channel, kind, waitSeconds) =>
            receipts.step(inquiry, channel, kind, waitSeconds),
          ...(core.attention === undefined ? {} : { attention: core.attention }),
        };
  const pending = pendingAtStart(core.pendingIndex, core.readInquiry);
  const routing =
    routingSources === undefined
      ? {}
      : { routing: routingSources, ...(pending === undefined ? {} : { pending }) };
  const subscriptions = stores.pushSubscriptions;
  const sender = senders.pushSender;
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
    batchGatherMs: config.approvalBatchPushSeconds * 1000,
    ...(core.metrics === undefined ? {} : { metrics: core.metrics }),
    ...(core.onEscalated === undefined ? {} : { onEscalated: core.onEscalated }),
    ...routing,
  });

  const stopExpiryPush = startExpiryPush({
    warnings: core.expiryWarnings,
    bus: core.bus,
    delivery: pushDelivery,
    claims,
    logger: core.logger,
  });

  const webhookConfigs = stores.webhookConfigs;
  const nonces = stores.webhookNonces;
  const secret = config.webhookSecret;
  const stopWebhook = startWebhookNotifier({
    bus: core.bus,
    configs: webhookConfigs,
    poster: senders.webhookPoster,
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
    ...routing,
  });
  const decisions = createWebhookDecisions({ secret, nonces, inquiries: core.inquiries });

  const router = Router();
  router.use("/api/history", core.authenticate, createHistoryRoutes(history));
  const digests = createDigestService({
    history,
    settingOf: core.digestSettingOf ?? (() => Promise.resolve(undefined)),
    webPublicUrl: config.webPublicUrl,
  });
  router.use("/api/digest", core.authenticate, createDigestRoutes(digests));
  const stopDigestPosts =
    core.digestUsers === undefined || core.digestSettingOf === undefined
      ? undefined
      : startDigestPosts({
          digests,
          digestUsers: core.digestUsers,
          settingOf: core.digestSettingOf,
          claims,
          push: pushDelivery,
          webhookConfigs,
          poster: senders.webhookPoster,
          retry: {
            attempts: config.webhookAttempts,
            baseDelayMs: config.webhookRetryBaseSeconds * 1000,
          },
          tickMs: config.digestTickSeconds * 1000,
          logger: core.logger,
          ...(core.digestClock === undefined ? {} : { now: core.digestClock }),
        });
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
      stopDigestPosts?.();
    },
  };
}
