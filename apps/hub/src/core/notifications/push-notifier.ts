import type { Inquiry } from "@inquiry-hub/protocol";
import { decodeResolution, encodeResolution } from "./ports";
import type { DeliveryClaims, PushSubscriptionStore } from "./ports";
import type { Logger } from "../shared/ports";
import type { DeviceService } from "../accounts/device-service";
import type { InquiryEvent, InquiryEventBus } from "../inquiries/ports";
import { PushedSchema } from "./push-delivery";
import type { PushDelivery } from "./push-delivery";
import { NO_INQUIRY_METRICS } from "../inquiries/inquiry-metrics";
import type { InquiryMetrics } from "../inquiries/inquiry-metrics";

/**
 * Reaches devices that are not looking: on `inquiry.created` it pushes the question through
 * `delivery` (to the away devices of the owner and a shared approval's first audience, with
 * the buttons each may use); on `inquiry.resolved` it pushes `inquiry:withdrawn` to exactly
 * the subscriptions that took the question, so their service workers close the notification.
 * A revoked device's subscriptions are deleted with it.
 *
 * Every node hears every event, so both pushes go through `claims`: one node pushes the
 * question and records which subscriptions got it, one node pushes the withdrawal to those.
 * The withdrawal looks them up again, so a subscription removed meanwhile is left alone.
 *
 * @returns the function that stops listening.
 */
export function startPushNotifier(deps: {
  bus: InquiryEventBus;
  devices: DeviceService;
  subscriptions: PushSubscriptionStore;
  delivery: PushDelivery;
  claims: DeliveryClaims;
  logger: Logger;
  /** Counts questions pushed to at least one device; nothing by default. */
  metrics?: InquiryMetrics;
}): () => void {
  const { logger } = deps;
  const metrics = deps.metrics ?? NO_INQUIRY_METRICS;
  const { delivery } = deps;

  async function announce(inquiry: Inquiry): Promise<void> {
    if (!(await deps.claims.claimAnnouncement("push", inquiry.id))) return;
    const pushed = await delivery
      .pushToAwayDevices(inquiry, "inquiry:new")
      .catch((error: unknown) => {
        logger.error({ err: error, inquiryId: inquiry.id }, "web push of a new inquiry failed");
        return [];
      });
    if (pushed.length > 0) metrics.delivered("push", inquiry);
    const followUp = pushed.length === 0 ? undefined : JSON.stringify(pushed);
    const parked = await deps.claims.recordAnnouncement("push", inquiry.id, followUp);
    if (parked !== undefined && pushed.length > 0)
      await delivery.withdraw(decodeResolution(parked), pushed);
  }

  async function followUp(inquiry: Inquiry): Promise<void> {
    if (inquiry.status === "pending") return;
    const pushed = await deps.claims.claimFollowUp("push", inquiry.id, encodeResolution(inquiry));
    if (pushed !== undefined)
      await delivery.withdraw(inquiry, PushedSchema.parse(JSON.parse(pushed)));
  }

  function onEvent(event: InquiryEvent): void {
    if (event.type === "inquiry.created") {
      announce(event.inquiry).catch((error: unknown) =>
        logger.error(
          { err: error, inquiryId: event.inquiry.id },
          "web push of a new inquiry failed",
        ),
      );
      return;
    }
    followUp(event.inquiry).catch((error: unknown) =>
      logger.error({ err: error, inquiryId: event.inquiry.id }, "web push of a withdrawal failed"),
    );
  }

  const stopEvents = deps.bus.subscribe(onEvent);
  const stopRevocations = deps.devices.onRevoked((device) => {
    deps.subscriptions
      .listByDevices([device.id])
      .then((owned) =>
        Promise.all(owned.map((each) => deps.subscriptions.remove(device.id, each.endpoint))),
      )
      .catch((error: unknown) =>
        logger.error(
          { err: error, deviceId: device.id },
          "forgetting a revoked device's pushes failed",
        ),
      );
  });

  return () => {
    stopEvents();
    stopRevocations();
  };
}
