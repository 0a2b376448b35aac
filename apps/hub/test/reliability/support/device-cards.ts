import type { DeviceSocket } from "../../socket-helpers";

/**
 * The ids of the cards a device shows, replaying what a client does with the events: a
 * pending list replaces everything, `inquiry:new` adds, `inquiry:withdrawn` removes.
 */
export interface DeviceCards {
  shown(): string[];
}

export function trackCards(socket: DeviceSocket): DeviceCards {
  const cards = new Set<string>();
  socket.on("inquiry:pending", (pending) => {
    cards.clear();
    for (const inquiry of pending) cards.add(inquiry.id);
  });
  socket.on("inquiry:new", (inquiry) => cards.add(inquiry.id));
  socket.on("inquiry:withdrawn", (withdrawn) => cards.delete(withdrawn.inquiryId));
  return { shown: () => [...cards].sort() };
}
