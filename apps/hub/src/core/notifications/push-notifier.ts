import type { Inquiry, PushAction, PushMessage } from "@inquiry-hub/protocol";
import { z } from "zod";
import { decodeResolution, encodeResolution } from "./ports";
import type { DeliveryClaims } from "./ports";
import type { Logger } from "../shared/ports";
import type { DeviceService } from "../accounts/device-service";
import type { InquiryEvent, InquiryEventBus } from "../inquiries/ports";
import type { PushSender, PushSubscriptionStore, StoredPushSubscription } from "./ports";
import { pushActionsFor } from "./push-actions";
import { audienceRole, audienceUserIds } from "../teams/shared-approval-audience";
import type { DeliveryReceipts } from "../receipts/receipt-service";
import { NO_INQUIRY_METRICS } from "../inquiries/inquiry-metrics";
import type { InquiryMetrics } from "../inquiries/inquiry-metrics";

/** Push payloads stay far below the ~4 KB push services accept. */
const QUESTION_PREVIEW_LENGTH = 200;

/** Which subscriptions got the question: what the withdrawal needs, kept in the claim. */
const PushedSchema = z.array(z.object({ deviceId: z.string(), endpoint: z.string() }));
type Pushed = z.infer<typeof PushedSchema>;

/**
 * Reaches devices that are not looking: on `inquiry.created` it pushes the question to every
 * subscribed device with no open socket (a connected device already shows the card) of the
 * owner and, for a shared approval, of its first audience; the decision buttons go only to
 * those who may decide (its approvers; the requester and viewers get "Answer", which opens the
 * card); on `inquiry.resolved` it pushes `inquiry:withdrawn` to exactly those subscriptions,
 * so their service workers close the notification. A subscription the push service reports
 * gone, or whose endpoint the sender refuses (no longer https or public), is deleted. A revoked
 * device's subscriptions are deleted with it.
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
  sender: PushSender;
  claims: DeliveryClaims;
  logger: Logger;
  /** Counts questions pushed to at least one device; nothing by default. */
  metrics?: InquiryMetrics;
  /** Hears each device whose push service accepted the question; nobody by default. */
  receipts?: DeliveryReceipts;
}): () => void {
  const { logger } = deps;
  const metrics = deps.metrics ?? NO_INQUIRY_METRICS;
  async function deliver(
    subscription: StoredPushSubscription,
    message: PushMessage,
  ): Promise<boolean> {
    const outcome = await deps.sender.send(subscription, message);
    switch (outcome.kind) {
      case "delivered":
        return true;
      case "gone":
        await deps.subscriptions.removeEndpoint(subscription.endpoint);
        return false;
      case "refused":
        logger.warn(
          { deviceId: subscription.deviceId },
          "web push refused: endpoint not allowed, forgotten",
        );
        await deps.subscriptions.removeEndpoint(subscription.endpoint);
        return false;
      case "failed":
        logger.warn({ deviceId: subscription.deviceId, reason: outcome.reason }, "web push failed");
        return false;
    }
  }

  async function pushQuestion(inquiry: Inquiry): Promise<Pushed> {
    const recipients = audienceUserIds(inquiry, 0);
    const owned = await Promise.all(
      recipients.map(async (userId) =>
        (await deps.devices.list(userId, "")).map((device) => ({ ...device, userId })),
      ),
    );
    const devices = owned.flat();
    const away = devices.filter((device) => !device.online).map((device) => device.id);
    if (away.length === 0) return [];
    const targets = await deps.subscriptions.listByDevices(away);
    const names = new Map(devices.map((device) => [device.id, device.name]));
    const owners = new Map(devices.map((device) => [device.id, device.userId]));
    const decisions = pushActionsFor(inquiry);
    const messageFor = (deviceId: string): PushMessage => {
      const deviceName = names.get(deviceId);
      const owner = owners.get(deviceId);
      const decides =
        inquiry.sharedApproval === undefined ||
        (owner !== undefined && audienceRole(inquiry, owner, 0) === "approver");
      const actions: PushAction[] = decides ? decisions : [{ type: "open" }];
      return {
        type: "inquiry:new",
        inquiry: {
          id: inquiry.id,
          type: inquiry.type,
          question: inquiry.question.slice(0, QUESTION_PREVIEW_LENGTH),
          expiresAt: inquiry.expiresAt,
        },
        actions,
        ...(deviceName === undefined ? {} : { deviceName }),
      };
    };
    const delivered = await Promise.all(
      targets.map((target) => deliver(target, messageFor(target.deviceId))),
    );
    const accepted = targets.filter((_target, index) => delivered[index] === true);
    for (const deviceId of new Set(accepted.map((target) => target.deviceId)))
      deps.receipts?.delivered(inquiry, "push", { id: deviceId, name: names.get(deviceId) ?? "" });
    return accepted.map(({ deviceId, endpoint }) => ({ deviceId, endpoint }));
  }

  async function withdraw(inquiry: Inquiry, pushed: Pushed): Promise<void> {
    if (inquiry.status === "pending") return;
    const endpoints = new Set(pushed.map((each) => each.endpoint));
    const current = await deps.subscriptions.listByDevices([
      ...new Set(pushed.map((each) => each.deviceId)),
    ]);
    const message: PushMessage = {
      type: "inquiry:withdrawn",
      inquiryId: inquiry.id,
      status: inquiry.status,
    };
    await Promise.all(
      current
        .filter((each) => endpoints.has(each.endpoint))
        .map((target) => deliver(target, message)),
    );
  }

  async function announce(inquiry: Inquiry): Promise<void> {
    if (!(await deps.claims.claimAnnouncement("push", inquiry.id))) return;
    const pushed = await pushQuestion(inquiry).catch((error: unknown) => {
      logger.error({ err: error, inquiryId: inquiry.id }, "web push of a new inquiry failed");
      return [];
    });
    if (pushed.length > 0) metrics.delivered("push", inquiry);
    const followUp = pushed.length === 0 ? undefined : JSON.stringify(pushed);
    const parked = await deps.claims.recordAnnouncement("push", inquiry.id, followUp);
    if (parked !== undefined && pushed.length > 0) await withdraw(decodeResolution(parked), pushed);
  }

  async function followUp(inquiry: Inquiry): Promise<void> {
    if (inquiry.status === "pending") return;
    const pushed = await deps.claims.claimFollowUp("push", inquiry.id, encodeResolution(inquiry));
    if (pushed !== undefined) await withdraw(inquiry, PushedSchema.parse(JSON.parse(pushed)));
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
