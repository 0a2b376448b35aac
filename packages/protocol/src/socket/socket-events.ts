import { z } from "zod";
import { ConversationChangedSchema, PresenceReportSchema, UserSettingsSchema } from "../hub-http";
import type { ErrorCode } from "../hub-http";
import {
  InquiryAgentWaitingSchema,
  InquiryExpiringSchema,
  InquiryExtendedSchema,
  InquiryProgressSchema,
  InquiryReceiptsSchema,
  InquirySchema,
  InquiryWithdrawnSchema,
} from "../inquiry";
import { SocketAnswerPayloadSchema, SocketReceiptPayloadSchema } from "./client-payloads";

/**
 * Every event the hub emits to devices, by name, with the schema of its one payload. The
 * Socket.IO event map below is derived from it, so the hub's emits, the devices' listeners and
 * their validation (`parseSocketEvent`) cannot name an event or a payload this table does not.
 * Adding an event is one line here; renaming or removing one needs a `PROTOCOL_VERSION` bump.
 */
export const SERVER_TO_CLIENT_EVENTS = {
  /** A new inquiry for this user. */
  "inquiry:new": InquirySchema,
  /** An inquiry left `pending`; every device drops its card. */
  "inquiry:withdrawn": InquiryWithdrawnSchema,
  /** A person extended a pending inquiry; every device moves its countdown to `expiresAt`. */
  "inquiry:extended": InquiryExtendedSchema,
  /** A fifth of a pending inquiry's time is left. */
  "inquiry:expiring": InquiryExpiringSchema,
  /** A call of the agent attached to a pending inquiry, or left it unanswered. */
  "inquiry:agent-waiting": InquiryAgentWaitingSchema,
  /** Who the inquiry reached and who saw it, every receipt so far. */
  "inquiry:receipts": InquiryReceiptsSchema,
  /** Sent on every (re)connect: the complete current pending list, replacing any cached one. */
  "inquiry:pending": z.array(InquirySchema),
  /** A vote on a shared (team) approval was recorded. */
  "inquiry:progress": InquiryProgressSchema,
  /** The user's settings changed (e.g. YOLO switched on another device). */
  "settings:changed": UserSettingsSchema,
  /** A conversation of this person changed on some device or run. */
  "conversation:changed": ConversationChangedSchema,
} as const satisfies Record<string, z.ZodType>;

export type ServerToClientEventName = keyof typeof SERVER_TO_CLIENT_EVENTS;

/** The payload of a server→client event once its schema accepted it. */
export type ServerToClientPayload<Name extends ServerToClientEventName> = z.output<
  (typeof SERVER_TO_CLIENT_EVENTS)[Name]
>;

/** The Socket.IO map of events the hub emits to devices, derived from SERVER_TO_CLIENT_EVENTS. */
export type ServerToClientEvents = {
  [Name in ServerToClientEventName]: (payload: ServerToClientPayload<Name>) => void;
};

/** Acknowledgement of a client→server socket event: exactly one of `data` or `error`. */
export type SocketAck<T> = { data: T } | { error: { code: ErrorCode; message: string } };

/**
 * Every event devices emit to the hub, by name: the schema the hub validates the payload with,
 * and the schema of the `data` its acknowledgement carries.
 */
export const CLIENT_TO_SERVER_EVENTS = {
  /** A person's decision on a card. */
  "inquiry:answer": { payload: SocketAnswerPayloadSchema, ack: InquirySchema },
  /** This device got or shows a card; `recorded` is false for a repeat. */
  "inquiry:receipt": {
    payload: SocketReceiptPayloadSchema,
    ack: z.object({ recorded: z.boolean() }),
  },
  /** This device's app is (not) visible and focused now; `kept` is false for a throttled one. */
  "presence:report": { payload: PresenceReportSchema, ack: z.object({ kept: z.boolean() }) },
} as const satisfies Record<string, { payload: z.ZodType; ack: z.ZodType }>;

export type ClientToServerEventName = keyof typeof CLIENT_TO_SERVER_EVENTS;

/** The `data` of a client→server event's successful acknowledgement. */
export type ClientToServerAck<Name extends ClientToServerEventName> = z.output<
  (typeof CLIENT_TO_SERVER_EVENTS)[Name]["ack"]
>;

/**
 * The Socket.IO map of events devices emit to the hub, derived from CLIENT_TO_SERVER_EVENTS.
 * The payload is `unknown` on purpose: one map types both ends, and the hub's handler must
 * parse what any client sent with the event's `payload` schema before trusting it.
 */
export type ClientToServerEvents = {
  [Name in ClientToServerEventName]: (
    payload: unknown,
    ack: (response: SocketAck<ClientToServerAck<Name>>) => void,
  ) => void;
};
