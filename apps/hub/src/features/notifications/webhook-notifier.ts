import type { DeliveryAttempt, Inquiry, WebhookConfig, WebhookKind } from "@inquiry-hub/protocol";
import { z } from "zod";
import { decodeResolution, encodeResolution } from "./ports";
import type { DeliveryClaims } from "./ports";
import type { Logger } from "../../kernel/ports";
import type { DeliveryLog } from "../history/ports";
import type { InquiryEventBus } from "../inquiries/ports";
import { retryWithBackoff } from "../../kernel/retry";
import type { DecisionLink } from "./webhook-links";
import { createdMessage, resolvedMessage } from "./webhook-messages";
import { WEBHOOK_DEVICE_ID } from "./ports";
import type { WebhookConfigStore, WebhookPoster } from "./ports";
import type { DeliveryReceipts } from "../receipts/receipt-service";
import { NO_INQUIRY_METRICS } from "../inquiries/inquiry-metrics";
import type { InquiryMetrics } from "../inquiries/inquiry-metrics";
import { createRoutingWaits } from "./routing-waits";
import type { RoutingSources } from "./routing-waits";

/** How a receipt names the channel a webhook reached. */
const WEBHOOK_CHANNEL_NAMES: Record<WebhookKind, string> = {
  slack: "Slack",
  discord: "Discord",
  generic: "Webhook",
};

/** Bounded retry policy of webhook deliveries. */
export interface WebhookRetryPolicy {
  /** Tries per message, the first included. */
  attempts: number;
  /** Wait before the first retry; doubled before each further one. */
  baseDelayMs: number;
}

/**
 * Which configuration got the question, kept in the claim for the follow-up. Its
 * `updatedAt` rather than the URL: the URL is a secret, and already stored once.
 */
const AnnouncedSchema = z.object({ updatedAt: z.string() });

/**
 * Posts each new inquiry of a user with a webhook configured to that webhook (question plus
 * signed decision links), and a follow-up once it is resolved. Each message is retried with
 * exponential backoff; every try is written to the delivery log, so failures show in history.
 *
 * Every node hears every event, so both messages go through `claims`: one node posts the
 * question, one node posts the follow-up, and only when the question went out to the
 * configuration still in place, so a channel never hears of a resolution without the
 * question (nor about a question it never got, after the user changed the URL).
 *
 * With `routing`, the question waits by the owner's plan (`webhookAfterSeconds`; null: never)
 * and quiet hours, and the node that claims it when due posts it only if it is still pending
 * and unseen (`RoutingWaits`); `pending` lets a node started meanwhile pick up the waits.
 *
 * @returns the function that stops listening; deliveries already under way finish.
 */
export function startWebhookNotifier(deps: {
  bus: InquiryEventBus;
  configs: WebhookConfigStore;
  poster: WebhookPoster;
  deliveries: DeliveryLog;
  claims: DeliveryClaims;
  links: { issue(inquiry: Inquiry): Promise<DecisionLink[]>; openUrl(inquiry: Inquiry): string };
  deviceName: (deviceId: string) => Promise<string | undefined>;
  retry: WebhookRetryPolicy;
  logger: Logger;
  now?: () => Date;
  /** Counts questions a webhook accepted; nothing by default. */
  metrics?: InquiryMetrics;
  /** Hears each question a webhook accepted; nobody by default. */
  receipts?: DeliveryReceipts;
  /** The owners' routing plans and quiet hours, and `seen` receipts; none: post at once. */
  routing?: RoutingSources;
  /** The questions pending when this node starts, whose delayed posts it resumes; none. */
  pending?: () => Promise<Inquiry[]>;
}): () => void {
  const { logger } = deps;
  const metrics = deps.metrics ?? NO_INQUIRY_METRICS;
  const now = deps.now ?? (() => new Date());
  const waits = createRoutingWaits({
    sources: deps.routing,
    claims: deps.claims,
    channel: "webhook",
    now,
  });

  async function deliver(
    inquiry: Inquiry,
    config: WebhookConfig,
    purpose: DeliveryAttempt["purpose"],
    body: unknown,
  ): Promise<boolean> {
    const result = await retryWithBackoff(() => deps.poster.post(config.url, body), {
      ...deps.retry,
      onTry: (outcome, attempt, final) =>
        deps.deliveries.append(inquiry.userId, {
          inquiryId: inquiry.id,
          channel: "webhook",
          purpose,
          attempt,
          ok: outcome.ok,
          ...(outcome.httpStatus === undefined ? {} : { httpStatus: outcome.httpStatus }),
          ...(outcome.ok ? {} : { error: outcome.error }),
          final,
          at: now().toISOString(),
        }),
    });
    return result.ok;
  }

  async function postQuestion(inquiry: Inquiry): Promise<WebhookConfig | undefined> {
    const config = await deps.configs.get(inquiry.userId);
    if (config === undefined) return undefined;
    const links = await deps.links.issue(inquiry);
    const body = createdMessage(config.kind, inquiry, links, deps.links.openUrl(inquiry));
    return (await deliver(inquiry, config, "created", body)) ? config : undefined;
  }

  async function postOutcome(inquiry: Inquiry, config: WebhookConfig): Promise<void> {
    if (inquiry.status === "pending") return;
    const byDeviceId = inquiry.resolution?.byDeviceId;
    const name = byDeviceId === undefined ? undefined : await deps.deviceName(byDeviceId);
    await deliver(inquiry, config, "resolved", resolvedMessage(config.kind, inquiry, name));
  }

  /** Posts the question under a claim this node won, and records which configuration got it. */
  async function announce(inquiry: Inquiry): Promise<void> {
    const config = await postQuestion(inquiry).catch((error: unknown) => {
      logger.error({ err: error, inquiryId: inquiry.id }, "webhook announcement failed");
      return undefined;
    });
    if (config !== undefined) {
      metrics.delivered("webhook", inquiry);
      deps.receipts?.delivered(inquiry, "webhook", {
        id: WEBHOOK_DEVICE_ID,
        name: WEBHOOK_CHANNEL_NAMES[config.kind],
      });
    }
    const followUp =
      config === undefined ? undefined : JSON.stringify({ updatedAt: config.updatedAt });
    const parked = await deps.claims.recordAnnouncement("webhook", inquiry.id, followUp);
    if (parked !== undefined && config !== undefined)
      await postOutcome(decodeResolution(parked), config);
  }

  async function followUp(inquiry: Inquiry): Promise<void> {
    if (inquiry.status === "pending") return;
    waits.forget(inquiry.id);
    const announced = await deps.claims.claimFollowUp(
      "webhook",
      inquiry.id,
      encodeResolution(inquiry),
    );
    if (announced === undefined) return;
    const { updatedAt } = AnnouncedSchema.parse(JSON.parse(announced));
    const config = await deps.configs.get(inquiry.userId);
    if (config?.updatedAt === updatedAt) await postOutcome(inquiry, config);
  }

  const stopEvents = deps.bus.subscribe((event) => {
    if (event.type === "inquiry.created") {
      waits
        .first(event.inquiry, () => announce(event.inquiry))
        .catch((error: unknown) =>
          logger.error({ err: error, inquiryId: event.inquiry.id }, "webhook announcement failed"),
        );
      return;
    }
    followUp(event.inquiry).catch((error: unknown) =>
      logger.error({ err: error, inquiryId: event.inquiry.id }, "webhook follow-up failed"),
    );
  });
  deps
    .pending?.()
    .then((inquiries) =>
      Promise.all(inquiries.map((inquiry) => waits.resume(inquiry, () => announce(inquiry)))),
    )
    .catch((error: unknown) =>
      logger.error({ err: error }, "resuming the pending questions' webhook posts failed"),
    );
  return () => {
    waits.stop();
    stopEvents();
  };
}
