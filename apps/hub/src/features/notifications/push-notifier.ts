import type { Inquiry } from "@inquiry-hub/protocol";
import { decodeResolution, encodeResolution } from "./ports";
import type { DeliveryClaims, PushSubscriptionStore } from "./ports";
import type { Logger } from "../../kernel/ports";
import type { DeviceService } from "../accounts/device-service";
import type { InquiryEvent, InquiryEventBus } from "../inquiries/ports";
import { createPushBursts } from "./push-bursts";
import { PushedSchema } from "./push-delivery";
import type { PushAudience, PushDelivery } from "./push-delivery";
import type { EscalationListener } from "../teams/shared-approvals";
import { NO_INQUIRY_METRICS } from "../inquiries/inquiry-metrics";
import type { InquiryMetrics } from "../inquiries/inquiry-metrics";
import { createRoutingWaits } from "./routing-waits";
import type { RoutingSources } from "./routing-waits";

/**
 * Reaches devices that are not looking: on `inquiry.created` it pushes the question through
 * `delivery` (to the away devices of the owner and a shared approval's first audience, with
 * the buttons each may use), and again to each escalation's newcomers; on `inquiry.resolved` it pushes `inquiry:withdrawn` to exactly
 * the subscriptions that took the question, so their service workers close the notification.
 * A revoked device's subscriptions are deleted with it. A burst of one credential's questions
 * reaches the devices as one grouped notification, and so do the approvals of one batch
 * (see `createPushBursts`).
 *
 * Every node hears every event, so both pushes go through `claims`: one node pushes the
 * question and records which subscriptions got it, one node pushes the withdrawal to those.
 * The withdrawal looks them up again, so a subscription removed meanwhile is left alone.
 *
 * With `routing`, a question's first push waits by the owner's plan (`pushAfterSeconds`) and
 * quiet hours, and the node that claims it when due sends it only if it is still pending and
 * unseen (`RoutingWaits`); `pending` lets a node started meanwhile pick up the waits.
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
  /**
   * Escalations of shared approvals, heard on the node holding the call: the newcomers' away
   * devices get the question too. None without teams.
   */
  onEscalated?: (listener: EscalationListener) => () => void;
  /** How long a credential's questions are gathered into one notification (`PushBursts`). */
  burstWindowMs?: number;
  /** How long a batch's approvals are gathered into one notification (`PushBursts`). */
  batchGatherMs?: number;
  /** The owners' routing plans and quiet hours, and `seen` receipts; none: push at once. */
  routing?: RoutingSources;
  /** The questions pending when this node starts, whose delayed pushes it resumes; none. */
  pending?: () => Promise<Inquiry[]>;
}): () => void {
  const { logger } = deps;
  const metrics = deps.metrics ?? NO_INQUIRY_METRICS;
  const { delivery } = deps;
  const bursts = createPushBursts({
    pushGroup: (credentialId, inquiries, batchId) =>
      delivery.pushGroup(credentialId, inquiries, batchId),
    logger,
    ...(deps.burstWindowMs === undefined ? {} : { windowMs: deps.burstWindowMs }),
    ...(deps.batchGatherMs === undefined ? {} : { batchGatherMs: deps.batchGatherMs }),
  });
  const waits = createRoutingWaits({
    sources: deps.routing,
    claims: deps.claims,
    channel: "push",
  });

  /** One push of the question: to its first audience (step 0), or to an escalation's newcomers. */
  const claimKey = (inquiry: Inquiry, step: number): string =>
    step === 0 ? inquiry.id : `${inquiry.id}@step-${step}`;

  /** The escalation steps a shared approval may reach, each pushed under a claim of its own. */
  function escalationSteps(inquiry: Inquiry): number[] {
    const steps = (inquiry.sharedApproval?.audience ?? []).map((member) => member.step);
    return [...new Set(steps)].filter((step) => step > 0);
  }

  /** An escalation's newcomers never saw the question: they are pushed at once. */
  async function announceEscalation(inquiry: Inquiry, audience: PushAudience): Promise<void> {
    if (await deps.claims.claimAnnouncement("push", claimKey(inquiry, audience.step)))
      await announce(inquiry, audience);
  }

  /** Pushes the question under a claim this node won, and records what went to whom. */
  async function announce(inquiry: Inquiry, audience?: PushAudience): Promise<void> {
    const key = claimKey(inquiry, audience?.step ?? 0);
    const pushAlone = () =>
      delivery.pushToAwayDevices(inquiry, "inquiry:new", audience).catch((error: unknown) => {
        logger.error({ err: error, inquiryId: inquiry.id }, "web push of a new inquiry failed");
        return [];
      });
    // An escalation's push goes to newcomers who never saw the question: never held back.
    const pushed = await (audience === undefined ? bursts.admit(inquiry, pushAlone) : pushAlone());
    if (pushed.length > 0 && audience === undefined) metrics.delivered("push", inquiry);
    const followUp = pushed.length === 0 ? undefined : JSON.stringify(pushed);
    const parked = await deps.claims.recordAnnouncement("push", key, followUp);
    if (parked !== undefined && pushed.length > 0)
      await delivery.withdraw(decodeResolution(parked), pushed);
  }

  async function followUp(inquiry: Inquiry): Promise<void> {
    if (inquiry.status === "pending") return;
    bursts.forget(inquiry.id);
    waits.forget(inquiry.id);
    await Promise.all(
      [0, ...escalationSteps(inquiry)].map(async (step) => {
        const resolution = encodeResolution(inquiry);
        const pushed = await deps.claims.claimFollowUp("push", claimKey(inquiry, step), resolution);
        if (pushed !== undefined)
          await delivery.withdraw(inquiry, PushedSchema.parse(JSON.parse(pushed)));
      }),
    );
  }

  function onEvent(event: InquiryEvent): void {
    if (event.type === "inquiry.created") {
      waits
        .first(event.inquiry, () => announce(event.inquiry))
        .catch((error: unknown) =>
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
  const stopEscalations = deps.onEscalated?.((inquiry, newcomers, step) => {
    announceEscalation(inquiry, { userIds: newcomers, step }).catch((error: unknown) =>
      logger.error({ err: error, inquiryId: inquiry.id }, "web push of an escalation failed"),
    );
  });
  deps
    .pending?.()
    .then((inquiries) =>
      Promise.all(inquiries.map((inquiry) => waits.resume(inquiry, () => announce(inquiry)))),
    )
    .catch((error: unknown) =>
      logger.error({ err: error }, "resuming the pending questions' pushes failed"),
    );
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
    bursts.stop();
    waits.stop();
    stopEvents();
    stopEscalations?.();
    stopRevocations();
  };
}
