import type { DeliveryAttempt, Inquiry, WebhookConfig } from "@inquiry-hub/protocol";
import type { DeliveryLog } from "./history-ports";
import type { InquiryEventBus } from "./ports";
import { retryWithBackoff } from "./retry";
import type { DecisionLink } from "./webhook-links";
import { createdMessage, resolvedMessage } from "./webhook-messages";
import type { WebhookConfigStore, WebhookPoster } from "./webhook-ports";

/** Bounded retry policy of webhook deliveries. */
export interface WebhookRetryPolicy {
  /** Tries per message, the first included. */
  attempts: number;
  /** Wait before the first retry; doubled before each further one. */
  baseDelayMs: number;
}

/**
 * Posts each new inquiry of a user with a webhook configured to that webhook (question plus
 * signed decision links), and a follow-up once it is resolved. Each message is retried with
 * exponential backoff; every try is written to the delivery log, so failures show in history.
 * Follow-ups go only for inquiries whose announcement this node posted, so a channel never
 * hears of a resolution without the question.
 *
 * @returns the function that stops listening; deliveries already under way finish.
 */
export function startWebhookNotifier(deps: {
  bus: InquiryEventBus;
  configs: WebhookConfigStore;
  poster: WebhookPoster;
  deliveries: DeliveryLog;
  links: { issue(inquiry: Inquiry): Promise<DecisionLink[]>; openUrl(inquiry: Inquiry): string };
  deviceName: (deviceId: string) => Promise<string | undefined>;
  retry: WebhookRetryPolicy;
  now?: () => Date;
}): () => void {
  const now = deps.now ?? (() => new Date());
  const announced = new Map<string, Promise<WebhookConfig | undefined>>();

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

  async function announce(inquiry: Inquiry): Promise<WebhookConfig | undefined> {
    const config = await deps.configs.get(inquiry.userId);
    if (config === undefined) return undefined;
    const links = await deps.links.issue(inquiry);
    const body = createdMessage(config.kind, inquiry, links, deps.links.openUrl(inquiry));
    return (await deliver(inquiry, config, "created", body)) ? config : undefined;
  }

  async function followUp(inquiry: Inquiry): Promise<void> {
    const announcement = announced.get(inquiry.id);
    if (announcement === undefined || inquiry.status === "pending") return;
    announced.delete(inquiry.id);
    const config = await announcement;
    if (config === undefined) return;
    const byDeviceId = inquiry.resolution?.byDeviceId;
    const name = byDeviceId === undefined ? undefined : await deps.deviceName(byDeviceId);
    await deliver(inquiry, config, "resolved", resolvedMessage(config.kind, inquiry, name));
  }

  return deps.bus.subscribe((event) => {
    if (event.type === "inquiry.created") {
      const announcement = announce(event.inquiry).catch((error: unknown) => {
        console.error("webhook announcement failed", error);
        return undefined;
      });
      announced.set(event.inquiry.id, announcement);
      return;
    }
    followUp(event.inquiry).catch((error: unknown) =>
      console.error("webhook follow-up failed", error),
    );
  });
}
