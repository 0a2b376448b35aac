import { setTimeout as sleep } from "node:timers/promises";
import type { InquiryService } from "../inquiry-service";
import type { InquiryEventBus } from "../ports";
import { pendingSnapshot } from "./pending-snapshot";
import type { DeviceServer } from "../../../platform/socket/socket-types";
import type { Logger } from "../../../kernel/ports";

/** The subscriber often reconnects before the command connection: retry for about 10 s. */
const ATTEMPTS = 40;
const RETRY_MS = 250;

/** Sends every device on this node its complete pending list; throws if the store fails. */
async function resendPendingLists(io: DeviceServer, inquiries: InquiryService): Promise<void> {
  await Promise.all(
    [...io.sockets.sockets.values()].map(async (socket) => {
      socket.emit("inquiry:pending", await pendingSnapshot(socket, inquiries));
    }),
  );
}

/**
 * Pub/sub keeps nothing: while this node's subscription was down, inquiries resolved (or
 * created) elsewhere never reached its devices, which would go on showing stale cards. When
 * the bus resumes, every device on this node gets its complete pending list again
 * (`inquiry:pending` replaces the client's list), retried while the store is still
 * reconnecting. Returns the unsubscribe, which also ends a retry loop in progress.
 */
export function resyncDevicesOnResume(
  io: DeviceServer,
  deps: { bus: InquiryEventBus; inquiries: InquiryService; logger: Logger },
): () => void {
  let stopped = false;
  const resync = async (): Promise<void> => {
    for (let attempt = 1; !stopped; attempt += 1) {
      try {
        await resendPendingLists(io, deps.inquiries);
        return;
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        await sleep(RETRY_MS);
      }
    }
  };
  const unsubscribe = deps.bus.onResume?.(() => {
    resync().catch((error: unknown) =>
      deps.logger.error({ err: error }, "re-sending pending lists after a resume failed"),
    );
  });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
