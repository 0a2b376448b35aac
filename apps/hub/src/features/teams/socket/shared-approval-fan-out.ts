import type { SharedApprovals } from "../shared-approvals";
import { userRoom } from "../../../platform/socket/socket-types";
import type { DeviceServer } from "../../../platform/socket/socket-types";

/**
 * Tells devices what only shared (team) approvals have: `inquiry:progress` to every device
 * of everyone who sees the approval after each recorded vote ("1 of 2 approvals"), and
 * `inquiry:new` to the newcomers when it escalates. Both happen on one node (where the vote
 * arrived, where the call is held), so, like settings, the emit goes through the Socket.IO
 * adapter to the users' sockets on every node. A person who lost their standing on a pending
 * approval (removed from the team, demoted) gets `inquiry:withdrawn` with status `cancelled`
 * on every device: for them the request is over, though it stays pending for the others.
 * The requester keeps their own card. Returns the unsubscribe.
 */
export function startSharedApprovalFanOut(io: DeviceServer, shared: SharedApprovals): () => void {
  const stopProgress = shared.onProgress((progress, audience) => {
    io.to(audience.map(userRoom)).emit("inquiry:progress", progress);
  });
  const stopEscalations = shared.onEscalated((inquiry, newcomers) => {
    io.to(newcomers.map(userRoom)).emit("inquiry:new", inquiry);
  });
  const stopDismissals = shared.onDismissed((inquiry, userId) => {
    if (userId === inquiry.userId) return;
    io.to(userRoom(userId)).emit("inquiry:withdrawn", {
      inquiryId: inquiry.id,
      status: "cancelled",
      resolvedAt: new Date().toISOString(),
    });
  });
  return () => {
    stopProgress();
    stopEscalations();
    stopDismissals();
  };
}
