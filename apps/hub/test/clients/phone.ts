import { setTimeout as delay } from "node:timers/promises";
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
 * When the phone answers a card: once the hub told it that no call of the agent waits on the
 * card any more (`inquiry:agent-waiting` false: the client gave up, or was handed "not answered
 * yet"), or a fixed time after the card appeared.
 */
export type AnswerMoment = "once the agent left" | { afterMs: number };

/**
 * Connects a device of the person and answers each card with `decision` (e.g.
 * `{response: "Blue"}` or `{action: "approve"}`) at `moment`: a person who takes longer than
 * the agent's client is willing to wait.
 */
export async function startPhone(
  devices: DeviceSockets,
  token: string,
  decision: Record<string, unknown>,
  moment: AnswerMoment,
): Promise<Phone> {
  const device = await devices.connect({ token });
  const acks = new Map<string, SocketAck<Inquiry>>();
  let resolveFirst: (ack: SocketAck<Inquiry>) => void = () => undefined;
  const firstAnswer = new Promise<SocketAck<Inquiry>>((resolve) => (resolveFirst = resolve));
  const scheduled = new Set<string>();
  const cards: Inquiry[] = [];
  const agentLeft = createSignals();
  device.socket.on("inquiry:agent-waiting", (change) => {
    if (!change.agentWaiting) agentLeft.fire(change.inquiryId);
  });
  device.socket.on("inquiry:new", (payload) => {
    const card = InquirySchema.parse(payload);
    cards.push(card);
    if (scheduled.has(card.id)) return;
    scheduled.add(card.id);
    const answerTime =
      moment === "once the agent left" ? agentLeft.next(card.id) : delay(moment.afterMs);
    void answerTime
      .then(() => answerOver(device.socket, { inquiryId: card.id, ...decision }))
      .then((ack) => {
        acks.set(card.id, ack);
        resolveFirst(ack);
      });
  });
  return { cards, cardIds: () => [...scheduled], acks, firstAnswer };
}

/** One-shot signals by id; `next` resolves whether the signal fired before or after it was asked. */
function createSignals(): { fire(id: string): void; next(id: string): Promise<void> } {
  const signals = new Map<string, { fired: Promise<void>; fire: () => void }>();
  const signalOf = (id: string): { fired: Promise<void>; fire: () => void } => {
    let signal = signals.get(id);
    if (signal === undefined) {
      let fire: () => void = () => undefined;
      const fired = new Promise<void>((resolve) => (fire = resolve));
      signal = { fired, fire };
      signals.set(id, signal);
    }
    return signal;
  };
  return { fire: (id) => signalOf(id).fire(), next: (id) => signalOf(id).fired };
}
