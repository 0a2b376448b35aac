import type { Inquiry, InquiryWithdrawn } from "@inquiry-hub/protocol";
import type { DeviceService } from "../../accounts/device-service";
import { isAgentWaiting } from "../agent-waiting";
import type { InquiryService } from "../inquiry-service";
import type { InquiryEvent, InquiryEventBus } from "../ports";
import { audienceUserIds } from "../inquiry-audience";
import { userRoom } from "../../../platform/socket/socket-types";
import type { DeviceServer } from "../../../platform/socket/socket-types";
import type { Logger } from "../../../kernel/ports";
import { NO_INQUIRY_METRICS } from "../inquiry-metrics";
import type { InquiryMetrics } from "../inquiry-metrics";
import { NO_INQUIRY_TRACING } from "../inquiry-tracing";
import type { InquiryTracing } from "../inquiry-tracing";

async function withdrawnOf(
  inquiry: Inquiry,
  devices: DeviceService,
): Promise<InquiryWithdrawn | undefined> {
  const resolution = inquiry.resolution;
  if (resolution === null) return undefined;
  const byDeviceName =
    resolution.byDeviceId === undefined ? undefined : await devices.nameOf(resolution.byDeviceId);
  return {
    inquiryId: inquiry.id,
    status: resolution.status,
    ...(resolution.byDeviceId === undefined ? {} : { byDeviceId: resolution.byDeviceId }),
    ...(byDeviceName === undefined ? {} : { byDeviceName }),
    resolvedAt: resolution.resolvedAt,
  };
}

/**
 * Tells the audience whether the agent waits on `inquiry`, as stored when this node sends it:
 * changes made on two nodes may reach a node in either order, but the re-read after the later
 * one sees the later state, so devices end on what the store holds. A final one is left to
 * `inquiry:withdrawn`.
 */
async function announceAgentWaiting(
  io: DeviceServer,
  inquiry: Inquiry,
  inquiries: InquiryService,
): Promise<void> {
  const current = await inquiries.get(inquiry.userId, inquiry.id);
  if (current.status !== "pending") return;
  io.local.to(audienceUserIds(current).map(userRoom)).emit("inquiry:agent-waiting", {
    inquiryId: current.id,
    agentWaiting: isAgentWaiting(current),
  });
}

/**
 * Follows the inquiry event bus and tells every device of the owner (and, for a shared
 * approval, of its first audience on creation and of every audience member, escalation
 * steps included, once final): `inquiry:new` on
 * creation, `inquiry:withdrawn` (with the resolving device's name) on every resolution,
 * `inquiry:extended` (the new `expiresAt`) when a person gives more time,
 * `inquiry:agent-waiting` when a call of the agent attaches or leaves unanswered,
 * whichever channel caused it (socket, HTTP, MCP, backstop, cancel). Returns the unsubscribe.
 *
 * Emits reach this node's sockets only (`io.local`): with several nodes, the bus already
 * delivers every event to every node, and each node tells its own devices. Broadcasting
 * through the Socket.IO Redis adapter as well would hand every device each event twice.
 * A new inquiry that reached at least one socket of this node counts as a `socket` delivery.
 */
export function startSocketFanOut(
  io: DeviceServer,
  deps: {
    bus: InquiryEventBus;
    devices: DeviceService;
    inquiries: InquiryService;
    logger: Logger;
    metrics?: InquiryMetrics;
    tracing?: InquiryTracing;
  },
): () => void {
  const metrics = deps.metrics ?? NO_INQUIRY_METRICS;
  const tracing = deps.tracing ?? NO_INQUIRY_TRACING;
  return deps.bus.subscribe((event: InquiryEvent) => {
    switch (event.type) {
      case "inquiry.created": {
        const endFanOut = tracing.startFanOut(event.traceContext, event.inquiry, "socket");
        const rooms = audienceUserIds(event.inquiry, 0).map(userRoom);
        io.local.to(rooms).emit("inquiry:new", event.inquiry);
        if (rooms.some((room) => (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0))
          metrics.delivered("socket", event.inquiry);
        endFanOut();
        return;
      }
      case "inquiry.resolved": {
        const room = io.local.to(audienceUserIds(event.inquiry).map(userRoom));
        withdrawnOf(event.inquiry, deps.devices).then(
          (withdrawn) => {
            if (withdrawn !== undefined) room.emit("inquiry:withdrawn", withdrawn);
          },
          (error: unknown) =>
            deps.logger.error(
              { err: error, inquiryId: event.inquiry.id },
              "announcing a withdrawn inquiry failed",
            ),
        );
        return;
      }
      case "inquiry.extended": {
        const rooms = audienceUserIds(event.inquiry).map(userRoom);
        io.local.to(rooms).emit("inquiry:extended", {
          inquiryId: event.inquiry.id,
          expiresAt: event.inquiry.expiresAt,
          byDeviceId: event.byDeviceId,
        });
        return;
      }
      case "inquiry.agent-waiting":
        announceAgentWaiting(io, event.inquiry, deps.inquiries).catch((error: unknown) =>
          deps.logger.error(
            { err: error, inquiryId: event.inquiry.id },
            "announcing whether the agent waits failed",
          ),
        );
        return;
    }
  });
}
