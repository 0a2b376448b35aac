import { ROUTING_TARGET_ID } from "@inquiry-hub/protocol";
import type {
  DeliveryReceipt,
  Inquiry,
  ReceiptChannel,
  ReceiptKind,
  SocketReceiptPayload,
} from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { Logger } from "../../kernel/ports";
import { audienceUserIds } from "../inquiries/inquiry-audience";
import type { ReceiptStore } from "./ports";

/** Who a receipt names: a device (socket, push, seen) or a channel (webhook). */
export interface ReceiptTarget {
  id: string;
  name: string;
}

/** The receipts of a routing plan's steps (see `ReceiptKindSchema`). */
export type StepReceiptKind = Exclude<ReceiptKind, "delivered" | "seen">;

/** What delivery channels report: the hub itself handed the question over. */
export interface DeliveryReceipts {
  delivered(inquiry: Inquiry, channel: ReceiptChannel, target: ReceiptTarget): void;
  /**
   * A step of the person's routing plan on `channel`, written by the node that claimed the
   * step; `waitSeconds` for a step that waits.
   */
  step(
    inquiry: Inquiry,
    channel: "push" | "webhook",
    kind: StepReceiptKind,
    waitSeconds?: number,
  ): void;
}

/**
 * Records who each question reached and who saw it, and tells listeners (the socket fan-out)
 * when an inquiry's receipts changed. Receipts never change an inquiry or the agent's result.
 */
export interface ReceiptService extends DeliveryReceipts {
  /**
   * A device's own report (`inquiry:receipt`): only for a pending inquiry the device's user
   * may see (its owner or a shared approval's audience); NOT_FOUND otherwise, so a device
   * learns nothing about other people's inquiries. Resolves false for a repeat.
   */
  fromDevice(
    device: { userId: string; deviceId: string; deviceName: string },
    report: SocketReceiptPayload,
  ): Promise<boolean>;
  /** The receipts of one inquiry the user may see; NOT_FOUND otherwise. */
  forInquiry(userId: string, inquiryId: string): Promise<DeliveryReceipt[]>;
  /** Receipts of several inquiries, for pages that already checked ownership (history). */
  list(inquiryIds: readonly string[]): Promise<Map<string, DeliveryReceipt[]>>;
  /** `listener` hears every inquiry whose receipts gained one; returns the unsubscribe. */
  onRecorded(listener: (inquiry: Inquiry) => void): () => void;
}

export function createReceiptService(deps: {
  store: ReceiptStore;
  readInquiry: (id: string) => Promise<Inquiry | undefined>;
  logger: Logger;
  now?: () => Date;
}): ReceiptService {
  const now = deps.now ?? (() => new Date());
  const listeners = new Set<(inquiry: Inquiry) => void>();

  async function record(
    inquiry: Inquiry,
    kind: DeliveryReceipt["kind"],
    channel: ReceiptChannel,
    target: ReceiptTarget,
    waitSeconds?: number,
  ): Promise<boolean> {
    const receipt: DeliveryReceipt = {
      kind,
      channel,
      targetId: target.id,
      targetName: target.name,
      at: now().toISOString(),
      ...(waitSeconds === undefined ? {} : { waitSeconds }),
    };
    const kept = await deps.store.record(inquiry.id, receipt);
    if (kept) for (const listener of listeners) listener(inquiry);
    return kept;
  }

  async function visible(userId: string, inquiryId: string): Promise<Inquiry> {
    const inquiry = await deps.readInquiry(inquiryId);
    if (inquiry === undefined || !audienceUserIds(inquiry).includes(userId))
      throw new HubError("NOT_FOUND", `inquiry ${inquiryId} not found`);
    return inquiry;
  }

  return {
    delivered(inquiry, channel, target) {
      record(inquiry, "delivered", channel, target).catch((error: unknown) =>
        deps.logger.error({ err: error, inquiryId: inquiry.id, channel }, "receipt not recorded"),
      );
    },

    step(inquiry, channel, kind, waitSeconds) {
      const target = { id: ROUTING_TARGET_ID, name: "routing plan" };
      record(inquiry, kind, channel, target, waitSeconds).catch((error: unknown) =>
        deps.logger.error({ err: error, inquiryId: inquiry.id, kind }, "step receipt not recorded"),
      );
    },

    async fromDevice(device, report) {
      const inquiry = await visible(device.userId, report.inquiryId);
      if (inquiry.status !== "pending") return false;
      const channel = report.kind === "delivered" ? "socket" : (report.via ?? "app");
      return record(inquiry, report.kind, channel, {
        id: device.deviceId,
        name: device.deviceName,
      });
    },

    async forInquiry(userId, inquiryId) {
      await visible(userId, inquiryId);
      return (await deps.store.list([inquiryId])).get(inquiryId) ?? [];
    },

    list(inquiryIds) {
      return deps.store.list(inquiryIds);
    },

    onRecorded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
