import { io } from "socket.io-client";
import type { Socket } from "socket.io-client";
import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol/inquiry";
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SocketAck,
} from "@inquiry-hub/protocol/socket";

type PhoneSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A person's phone as the hub sees it: a real Socket.IO device that hears and decides cards. */
export interface ApprovingPhone {
  /** Resolves with the next card shown on this phone (or one already pending), oldest first. */
  nextCard(accept?: (inquiry: Inquiry) => boolean): Promise<Inquiry>;
  /** Resolves with the next APPROVAL card shown on this phone (or one already pending). */
  nextApproval(accept?: (inquiry: Inquiry) => boolean): Promise<Inquiry>;
  /** Sends a decision like a tap on the card; resolves with the hub's ack. */
  decide(inquiryId: string, body: AnswerBody): Promise<SocketAck<Inquiry>>;
  /** Ids of the cards the hub withdrew from this phone (answered elsewhere, timed out). */
  withdrawn(): string[];
  close(): void;
}

/**
 * Connects a device socket with a person's device token, as the web app and the phone do,
 * and keeps every card it is shown until a test takes it.
 */
export function connectApprovingPhone(hubUrl: URL, deviceToken: string): Promise<ApprovingPhone> {
  const socket: PhoneSocket = io(hubUrl.origin, {
    auth: { token: deviceToken },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  const shown: Inquiry[] = [];
  const withdrawn: string[] = [];
  const waiters = new Set<() => void>();
  const remember = (inquiries: Inquiry[]): void => {
    for (const inquiry of inquiries)
      if (!shown.some((known) => known.id === inquiry.id)) shown.push(inquiry);
    for (const wake of waiters) wake();
  };
  socket.on("inquiry:new", (inquiry) => remember([inquiry]));
  socket.on("inquiry:pending", (pending) => remember(pending));
  socket.on("inquiry:withdrawn", (event) => withdrawn.push(event.inquiryId));
  const phone: ApprovingPhone = {
    nextCard(accept = () => true) {
      return new Promise((resolve) => {
        const look = (): void => {
          const found = shown.find(accept);
          if (found === undefined) return;
          waiters.delete(look);
          shown.splice(shown.indexOf(found), 1);
          resolve(found);
        };
        waiters.add(look);
        look();
      });
    },
    nextApproval(accept = () => true) {
      return phone.nextCard((inquiry) => inquiry.type === "APPROVAL" && accept(inquiry));
    },
    decide(inquiryId, body) {
      return new Promise((resolve) =>
        socket.emit("inquiry:answer", { inquiryId, ...body }, resolve),
      );
    },
    withdrawn: () => [...withdrawn],
    close: () => void socket.disconnect(),
  };
  return new Promise((resolve, reject) => {
    socket.once("inquiry:pending", () => resolve(phone));
    socket.once("connect_error", reject);
  });
}
