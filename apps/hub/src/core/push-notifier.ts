import type { Inquiry, PushMessage } from "@inquiry-hub/protocol";
import type { DeviceService } from "./device-service";
import type { InquiryEvent, InquiryEventBus } from "./ports";
import type { PushSender, PushSubscriptionStore, StoredPushSubscription } from "./push-ports";

/** Push payloads stay far below the ~4 KB push services accept. */
const QUESTION_PREVIEW_LENGTH = 200;

/**
 * Reaches devices that are not looking: on `inquiry.created` it pushes the question to every
 * subscribed device of the owner with no open socket (a connected device already shows the
 * card); on `inquiry.resolved` it pushes `inquiry:withdrawn` to exactly those subscriptions,
 * so their service workers close the notification. A subscription the push service reports
 * gone is deleted. A revoked device's subscriptions are deleted with it.
 *
 * The set of subscriptions pushed per inquiry is kept on the node that saw the creation, and
 * dropped at resolution (every inquiry resolves, at the latest at the hub's backstop).
 *
 * @returns the function that stops listening.
 */
export function startPushNotifier(deps: {
  bus: InquiryEventBus;
  devices: DeviceService;
  subscriptions: PushSubscriptionStore;
  sender: PushSender;
}): () => void {
  const pushed = new Map<string, Promise<StoredPushSubscription[]>>();

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
      case "failed":
        console.warn(`web push to device ${subscription.deviceId} failed: ${outcome.reason}`);
        return false;
    }
  }

  async function announce(inquiry: Inquiry): Promise<StoredPushSubscription[]> {
    const devices = await deps.devices.list(inquiry.userId, "");
    const away = devices.filter((device) => !device.online).map((device) => device.id);
    if (away.length === 0) return [];
    const targets = await deps.subscriptions.listByDevices(away);
    const message: PushMessage = {
      type: "inquiry:new",
      inquiry: {
        id: inquiry.id,
        type: inquiry.type,
        question: inquiry.question.slice(0, QUESTION_PREVIEW_LENGTH),
        expiresAt: inquiry.expiresAt,
      },
    };
    const delivered = await Promise.all(targets.map((target) => deliver(target, message)));
    return targets.filter((_target, index) => delivered[index] === true);
  }

  async function withdraw(inquiry: Inquiry): Promise<void> {
    const announced = pushed.get(inquiry.id);
    if (announced === undefined || inquiry.status === "pending") return;
    pushed.delete(inquiry.id);
    const targets = await announced;
    const message: PushMessage = {
      type: "inquiry:withdrawn",
      inquiryId: inquiry.id,
      status: inquiry.status,
    };
    await Promise.all(targets.map((target) => deliver(target, message)));
  }

  function onEvent(event: InquiryEvent): void {
    if (event.type === "inquiry.created") {
      const announced = announce(event.inquiry).catch((error: unknown) => {
        console.error("web push of a new inquiry failed", error);
        return [];
      });
      pushed.set(event.inquiry.id, announced);
      return;
    }
    withdraw(event.inquiry).catch((error: unknown) =>
      console.error("web push of a withdrawal failed", error),
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
        console.error("forgetting a revoked device's pushes failed", error),
      );
  });

  return () => {
    stopEvents();
    stopRevocations();
  };
}
