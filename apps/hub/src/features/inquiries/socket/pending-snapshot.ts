import type {
  Inquiry,
  InquiryAgentWaiting,
  InquiryExtended,
  InquiryWithdrawn,
} from "@inquiry-hub/protocol";
import type { InquiryService } from "../inquiry-service";
import type { DeviceSocket } from "../../../platform/socket/socket-types";

/**
 * The pending list for a socket that has already joined its rooms, consistent with the events
 * it receives meanwhile. Reading the store takes time (a round trip with Redis); an inquiry
 * created or resolved during that read reaches the socket as `inquiry:new` / `inquiry:withdrawn`
 * *before* the list, and the list replaces the client's cache. So the list is corrected by
 * what was emitted to this socket during the read: withdrawn ones removed, new ones added,
 * extended ones given their new `expiresAt` (`inquiry:extended` may also arrive first), and
 * each one's `agentWaiting` as last emitted (sent from a read made after the change).
 */
export async function pendingSnapshot(
  socket: DeviceSocket,
  inquiries: InquiryService,
): Promise<Inquiry[]> {
  const created = new Map<string, Inquiry>();
  const withdrawn = new Set<string>();
  const extended = new Map<string, string>();
  const agentWaiting = new Map<string, boolean>();
  const track = (event: string, payload: unknown): void => {
    if (event === "inquiry:new") {
      const inquiry = payload as Inquiry;
      created.set(inquiry.id, inquiry);
    } else if (event === "inquiry:withdrawn") {
      withdrawn.add((payload as InquiryWithdrawn).inquiryId);
    } else if (event === "inquiry:extended") {
      const { inquiryId, expiresAt } = payload as InquiryExtended;
      extended.set(inquiryId, expiresAt);
    } else if (event === "inquiry:agent-waiting") {
      const change = payload as InquiryAgentWaiting;
      agentWaiting.set(change.inquiryId, change.agentWaiting);
    }
  };
  socket.onAnyOutgoing(track);
  try {
    const listed = await inquiries.list(socket.data.userId, "pending");
    const known = new Set(listed.map((inquiry) => inquiry.id));
    const missed = [...created.values()].filter((inquiry) => !known.has(inquiry.id)).reverse();
    return [...missed, ...listed]
      .filter((inquiry) => !withdrawn.has(inquiry.id))
      .map((inquiry) => {
        const expiresAt = extended.get(inquiry.id);
        const waiting = agentWaiting.get(inquiry.id);
        return {
          ...inquiry,
          ...(expiresAt !== undefined && expiresAt > inquiry.expiresAt ? { expiresAt } : {}),
          ...(waiting === undefined ? {} : { agentWaiting: waiting }),
        };
      });
  } finally {
    socket.offAnyOutgoing(track);
  }
}
