import type { ConversationChanged, ErrorCode, UserSettings } from "../hub-http";
import type {
  Inquiry,
  InquiryAgentWaiting,
  InquiryExpiring,
  InquiryExtended,
  InquiryProgress,
  InquiryReceipts,
  InquiryWithdrawn,
} from "../inquiry";

/** Acknowledgement of a client→server socket event: exactly one of `data` or `error`. */
export type SocketAck<T> = { data: T } | { error: { code: ErrorCode; message: string } };

/** Events the hub emits to devices. */
export interface ServerToClientEvents {
  /** A new inquiry for this user. */
  "inquiry:new": (inquiry: Inquiry) => void;
  /** An inquiry left `pending`; every device drops its card. */
  "inquiry:withdrawn": (withdrawn: InquiryWithdrawn) => void;
  /** A person extended a pending inquiry; every device moves its countdown to `expiresAt`. */
  "inquiry:extended": (extended: InquiryExtended) => void;
  /** A fifth of a pending inquiry's time is left; validate with InquiryExpiringSchema. */
  "inquiry:expiring": (expiring: InquiryExpiring) => void;
  /**
   * A call of the agent attached to a pending inquiry, or left it unanswered; validate with
   * InquiryAgentWaitingSchema. The card says whether the agent is waiting right now.
   */
  "inquiry:agent-waiting": (change: InquiryAgentWaiting) => void;
  /** Who the inquiry reached and who saw it, every receipt so far; validate with InquiryReceiptsSchema. */
  "inquiry:receipts": (receipts: InquiryReceipts) => void;
  /** Sent on every (re)connect: the complete current pending list, replacing any cached one. */
  "inquiry:pending": (inquiries: Inquiry[]) => void;
  /** A vote on a shared (team) approval was recorded; validate with InquiryProgressSchema. */
  "inquiry:progress": (progress: InquiryProgress) => void;
  /** The user's settings changed (e.g. YOLO switched on another device); validate with UserSettingsSchema. */
  "settings:changed": (settings: UserSettings) => void;
  /** A conversation of this person changed on some device or run; validate with ConversationChangedSchema. */
  "conversation:changed": (changed: ConversationChanged) => void;
}

/** Events devices emit to the hub; payloads are validated with the schema each names. */
export interface ClientToServerEvents {
  /** Validated with `SocketAnswerPayloadSchema`. */
  "inquiry:answer": (payload: unknown, ack: (response: SocketAck<Inquiry>) => void) => void;
  /** Validated with `SocketReceiptPayloadSchema`; `recorded` is false for a repeat. */
  "inquiry:receipt": (
    payload: unknown,
    ack: (response: SocketAck<{ recorded: boolean }>) => void,
  ) => void;
}
