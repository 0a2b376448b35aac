import { expiryWarningAt } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import { decodeResolution, encodeResolution } from "./ports";
import type { DeliveryClaims } from "./ports";
import type { Logger } from "../../kernel/ports";
import type { InquiryEventBus } from "../inquiries/ports";
import type { ExpiryWarnings } from "./expiry-warnings";
import { PushedSchema } from "./push-delivery";
import type { PushDelivery } from "./push-delivery";

/**
 * How far a resolution may seem to precede the warning and still be followed up: the nodes'
 * clocks may disagree by this much, and the node that warned read the inquiry as pending.
 */
const CLOCK_SKEW_MS = 30_000;

/** One warning's claim: the inquiry and the deadline warned about, so an Extend warns anew. */
function warningId(inquiry: Inquiry): string {
  return `${inquiry.id}@${inquiry.expiresAt}`;
}

/**
 * Pushes `inquiry:expiring` (the question again, with its buttons, "about to expire") to the
 * devices with no open socket that the question's own push reaches (see `PushDelivery`) when
 * a warning of `warnings` fires, and on
 * `inquiry.resolved` pushes `inquiry:withdrawn` to those subscriptions, since a device that
 * was online when the question was pushed never got the question's own withdrawal.
 *
 * Every node warns, so both go through `claims` on the `expiry-push` channel, keyed by the
 * inquiry and its `expiresAt`: exactly one node pushes each warning, and a later deadline
 * after an Extend is a new claim that warns again. A resolution is only followed up when it
 * came near or after the warning time: before it nothing was pushed, and skipping it keeps
 * quickly answered inquiries from leaving a claim tombstone behind.
 *
 * @returns the function that stops listening.
 */
export function startExpiryPush(deps: {
  warnings: ExpiryWarnings;
  bus: InquiryEventBus;
  delivery: PushDelivery;
  claims: DeliveryClaims;
  logger: Logger;
}): () => void {
  const { claims, delivery, logger } = deps;

  async function warn(inquiry: Inquiry): Promise<void> {
    const id = warningId(inquiry);
    if (!(await claims.claimAnnouncement("expiry-push", id))) return;
    const pushed = await delivery
      .pushToAwayDevices(inquiry, "inquiry:expiring")
      .catch((error: unknown) => {
        logger.error({ err: error, inquiryId: inquiry.id }, "web push of an expiry warning failed");
        return [];
      });
    const followUp = pushed.length === 0 ? undefined : JSON.stringify(pushed);
    const parked = await claims.recordAnnouncement("expiry-push", id, followUp);
    if (parked !== undefined && pushed.length > 0)
      await delivery.withdraw(decodeResolution(parked), pushed);
  }

  async function followUp(inquiry: Inquiry): Promise<void> {
    const resolvedAt = inquiry.resolution?.resolvedAt;
    if (resolvedAt === undefined) return;
    if (Date.parse(resolvedAt) < expiryWarningAt(inquiry) - CLOCK_SKEW_MS) return;
    const pushed = await claims.claimFollowUp(
      "expiry-push",
      warningId(inquiry),
      encodeResolution(inquiry),
    );
    if (pushed !== undefined)
      await delivery.withdraw(inquiry, PushedSchema.parse(JSON.parse(pushed)));
  }

  const stopWarnings = deps.warnings.onWarning((inquiry) => {
    warn(inquiry).catch((error: unknown) =>
      logger.error({ err: error, inquiryId: inquiry.id }, "web push of an expiry warning failed"),
    );
  });
  const stopEvents = deps.bus.subscribe((event) => {
    if (event.type !== "inquiry.resolved") return;
    followUp(event.inquiry).catch((error: unknown) =>
      logger.error(
        { err: error, inquiryId: event.inquiry.id },
        "web push of a warned inquiry's withdrawal failed",
      ),
    );
  });
  return () => {
    stopWarnings();
    stopEvents();
  };
}
