import type { Inquiry, PushAction, PushMessage } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { Logger } from "../../kernel/ports";
import type { DeviceService } from "../accounts/device-service";
import type { PushSender, PushSubscriptionStore, StoredPushSubscription } from "./ports";
import { pushActionsFor } from "./push-actions";
import { pushTextFor } from "./push-text";
import { audienceRole, audienceUserIds } from "../inquiries/inquiry-audience";
import type { DeliveryReceipts } from "../receipts/receipt-service";

/** Which subscriptions got a push about an inquiry: what its withdrawal needs, kept in a claim. */
export const PushedSchema = z.array(z.object({ deviceId: z.string(), endpoint: z.string() }));
export type Pushed = z.infer<typeof PushedSchema>;

/** The pushes that show a pending inquiry: the question, and its "expires soon" warning. */
export type InquiryPushType = "inquiry:new" | "inquiry:expiring";

/** Whose devices a push goes to, and at which escalation step their role is judged. */
export interface PushAudience {
  userIds: readonly string[];
  step: number;
}

/** How notifiers reach a person's devices that are not looking (see `createPushDelivery`). */
export interface PushDelivery {
  /**
   * Pushes `type` about `inquiry` to every subscription with no open socket (a connected
   * device already shows the card) of the owner's devices and, for a shared approval, of its
   * first audience's (or of `audience`, e.g. an escalation's newcomers), and returns the
   * subscriptions that took it. The decision buttons
   * (`pushActionsFor`) go only to those who may decide: a shared approval's approvers; its
   * requester and viewers get "Answer", which opens the card.
   */
  pushToAwayDevices(
    inquiry: Inquiry,
    type: InquiryPushType,
    audience?: PushAudience,
  ): Promise<Pushed>;
  /**
   * Pushes one `inquiries:grouped` notification (open only) in place of `inquiries`, the
   * questions one credential asked within a burst: each person of their first audiences gets
   * it on their away devices, counting the questions that would have reached them. With
   * `batchId` they are the approvals of that batch, and the notification says so.
   */
  pushGroup(credentialId: string, inquiries: readonly Inquiry[], batchId?: string): Promise<void>;
  /** Pushes `inquiry:withdrawn` of a resolved inquiry to those of `pushed` still subscribed. */
  withdraw(inquiry: Inquiry, pushed: Pushed): Promise<void>;
  /**
   * Pushes `message` (not about one inquiry, e.g. the daily digest) to every subscribed device
   * of `userId`, open or not, and returns how many subscriptions took it.
   */
  pushToUser(userId: string, message: PushMessage): Promise<number>;
}

/**
 * The sending half shared by the question's and the warning's notifiers. A subscription the
 * push service reports gone, or whose endpoint the sender refuses (no longer https or
 * public), is deleted, so no later push tries it again.
 */
export function createPushDelivery(deps: {
  devices: DeviceService;
  subscriptions: PushSubscriptionStore;
  sender: PushSender;
  logger: Logger;
  /** Hears each device whose push service accepted a push; nobody by default. */
  receipts?: DeliveryReceipts;
}): PushDelivery {
  const { logger } = deps;

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

  /** The devices of everyone in `userIds`, each with its owner. */
  async function devicesOf(userIds: readonly string[]) {
    const owned = await Promise.all(
      userIds.map(async (userId) =>
        (await deps.devices.list(userId, "")).map((device) => ({ ...device, userId })),
      ),
    );
    return owned.flat();
  }

  /** The subscriptions of the away devices of `userIds`, and every device by id. */
  async function awayTargets(userIds: readonly string[]) {
    const devices = await devicesOf(userIds);
    const away = devices.filter((device) => !device.online).map((device) => device.id);
    const targets = away.length === 0 ? [] : await deps.subscriptions.listByDevices(away);
    return { targets, byId: new Map(devices.map((device) => [device.id, device])) };
  }

  async function pushToAwayDevices(
    inquiry: Inquiry,
    type: InquiryPushType,
    audience: PushAudience = { userIds: audienceUserIds(inquiry, 0), step: 0 },
  ): Promise<Pushed> {
    const { targets, byId } = await awayTargets(audience.userIds);
    if (targets.length === 0) return [];
    const summary = {
      id: inquiry.id,
      type: inquiry.type,
      question: pushTextFor(inquiry).body,
      expiresAt: inquiry.expiresAt,
    };
    const decisions = pushActionsFor(inquiry);
    const messageFor = (deviceId: string): PushMessage => {
      const device = byId.get(deviceId);
      // Of a shared approval only its approvers decide; the requester and viewers open the card.
      const decides =
        inquiry.sharedApproval === undefined ||
        (device !== undefined &&
          audienceRole(inquiry, device.userId, audience.step) === "approver");
      const actions: PushAction[] = decides ? decisions : [{ type: "open" }];
      return {
        type,
        inquiry: summary,
        actions,
        ...(device === undefined ? {} : { deviceName: device.name }),
      };
    };
    const delivered = await Promise.all(
      targets.map((target) => deliver(target, messageFor(target.deviceId))),
    );
    const accepted = targets.filter((_target, index) => delivered[index] === true);
    for (const deviceId of new Set(accepted.map((target) => target.deviceId)))
      deps.receipts?.delivered(inquiry, "push", {
        id: deviceId,
        name: byId.get(deviceId)?.name ?? "",
      });
    return accepted.map(({ deviceId, endpoint }) => ({ deviceId, endpoint }));
  }

  async function pushGroup(
    credentialId: string,
    inquiries: readonly Inquiry[],
    batchId?: string,
  ): Promise<void> {
    const counts = new Map<string, number>();
    for (const inquiry of inquiries)
      for (const userId of audienceUserIds(inquiry, 0))
        counts.set(userId, (counts.get(userId) ?? 0) + 1);
    const { targets, byId } = await awayTargets([...counts.keys()]);
    if (targets.length === 0) return;
    const agentName = ((await deps.devices.nameOf(credentialId)) ?? "").slice(0, 200);
    await Promise.all(
      targets.map((target) =>
        deliver(target, {
          type: "inquiries:grouped",
          credentialId,
          agentName,
          count: counts.get(byId.get(target.deviceId)?.userId ?? "") ?? inquiries.length,
          ...(batchId === undefined ? {} : { batchId }),
        }),
      ),
    );
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

  async function pushToUser(userId: string, message: PushMessage): Promise<number> {
    const devices = await deps.devices.list(userId, "");
    if (devices.length === 0) return 0;
    const targets = await deps.subscriptions.listByDevices(devices.map((device) => device.id));
    const delivered = await Promise.all(targets.map((target) => deliver(target, message)));
    return delivered.filter(Boolean).length;
  }

  return { pushToAwayDevices, pushGroup, withdraw, pushToUser };
}
