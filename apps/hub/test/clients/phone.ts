import { InquirySchema } from "@inquiry-hub/protocol";
import type { Inquiry, SocketAck } from "@inquiry-hub/protocol";
import type { DeviceSockets } from "../socket-helpers";
import { answerOver } from "../socket-helpers";

/** The person's phone: every card it was shown, and the acks of the answers it gave. */
export interface Phone {
  /** Every `inquiry:new` the phone received, duplicates included, in order. */
  cards: Inquiry[];
  /** The ids of the distinct cards shown. */
  cardIds(): string[];
  /** Ack of each answer the phone sent, by inquiry id. */
  acks: Map<string, SocketAck<Inquiry>>;
  /** Resolves with the ack of the first answer the phone gives. */
  firstAnswer: Promise<SocketAck<Inquiry>>;
}

/**
 * Connects a device of the person and, `answerAfterMs` after each card first appears, answers it
 * with `decision` (e.g. `{response: "Blue"}` or `{action: "approve"}`): a person who takes
 * longer than the agent's client is willing to wait.
 */
export async function startPhone(
  devices: DeviceSockets,
  token: string,
  answerAfterMs: number,
  decision: Record<string, unknown>,
): Promise<Phone> {
  const device = await devices.connect({ token });
  const acks = new Map<string, SocketAck<Inquiry>>();
  let resolveFirst: (ack: SocketAck<Inquiry>) => void = () => undefined;
  const firstAnswer = new Promise<SocketAck<Inquiry>>((resolve) => (resolveFirst = resolve));
  const scheduled = new Set<string>();
  const cards: Inquiry[] = [];
  device.socket.on("inquiry:new", (payload) => {
    const card = InquirySchema.parse(payload);
    cards.push(card);
    if (scheduled.has(card.id)) return;
    scheduled.add(card.id);
    setTimeout(() => {
      void answerOver(device.socket, { inquiryId: card.id, ...decision }).then((ack) => {
        acks.set(card.id, ack);
        resolveFirst(ack);
      });
    }, answerAfterMs);
  });
  return { cards, cardIds: () => [...scheduled], acks, firstAnswer };
}
