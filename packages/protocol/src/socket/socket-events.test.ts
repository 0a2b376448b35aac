import { describe, expect, expectTypeOf, it } from "vitest";
import type { ConversationChanged, UserSettings } from "../hub-http";
import type { Inquiry, InquiryReceipts, InquiryWithdrawn } from "../inquiry";
import { CLIENT_TO_SERVER_EVENTS, SERVER_TO_CLIENT_EVENTS } from "./socket-events";
import type {
  ClientToServerEvents,
  ServerToClientEventName,
  ServerToClientEvents,
  ServerToClientPayload,
  SocketAck,
} from "./socket-events";

const INQUIRY_ID = "6f0c2a4e-8a8f-4a53-9d51-0c1f5d1b1a11";
const AT = "2026-01-01T00:00:00.000Z";

const PENDING: Inquiry = {
  id: INQUIRY_ID,
  userId: "u1",
  type: "INQUIRY",
  question: "Which city?",
  options: [],
  createdAt: AT,
  expiresAt: "2026-01-01T00:02:00.000Z",
  status: "pending",
  resolution: null,
};

/** One payload a hub really sends, per event: the `satisfies` fails to compile on a missing one. */
const SAMPLES = {
  "inquiry:new": PENDING,
  "inquiry:withdrawn": { inquiryId: INQUIRY_ID, status: "answered", resolvedAt: AT },
  "inquiry:extended": { inquiryId: INQUIRY_ID, expiresAt: AT, byDeviceId: "d1" },
  "inquiry:expiring": { inquiryId: INQUIRY_ID, expiresAt: AT },
  "inquiry:agent-waiting": { inquiryId: INQUIRY_ID, agentWaiting: false },
  "inquiry:receipts": {
    inquiryId: INQUIRY_ID,
    receipts: [
      { kind: "delivered", channel: "socket", targetId: "d1", targetName: "Pixel 7", at: AT },
    ],
  },
  "inquiry:pending": [PENDING],
  "inquiry:progress": { inquiryId: INQUIRY_ID, approvals: 1, required: 2, voters: [] },
  "settings:changed": { yolo: { enabled: true, until: AT } },
  "conversation:changed": { conversationId: INQUIRY_ID, change: "deleted" },
} satisfies { [Name in ServerToClientEventName]: ServerToClientPayload<Name> };

const EVENT_NAMES = Object.keys(SERVER_TO_CLIENT_EVENTS) as ServerToClientEventName[];

describe("SERVER_TO_CLIENT_EVENTS", () => {
  it.each(EVENT_NAMES)("accepts what the hub sends for %s and refuses a bare string", (name) => {
    const schema = SERVER_TO_CLIENT_EVENTS[name];
    expect(schema.safeParse(SAMPLES[name]).success).toBe(true);
    expect(schema.safeParse("not a payload").success).toBe(false);
  });

  it("drives the Socket.IO event map, one listener argument per event", () => {
    expectTypeOf<keyof ServerToClientEvents>().toEqualTypeOf<ServerToClientEventName>();
    expectTypeOf<ServerToClientEvents["inquiry:new"]>().parameters.toEqualTypeOf<[Inquiry]>();
    expectTypeOf<ServerToClientEvents["inquiry:pending"]>().parameters.toEqualTypeOf<[Inquiry[]]>();
    expectTypeOf<ServerToClientEvents["inquiry:withdrawn"]>().parameters.toEqualTypeOf<
      [InquiryWithdrawn]
    >();
    expectTypeOf<ServerToClientEvents["inquiry:receipts"]>().parameters.toEqualTypeOf<
      [InquiryReceipts]
    >();
    expectTypeOf<ServerToClientEvents["settings:changed"]>().parameters.toEqualTypeOf<
      [UserSettings]
    >();
    expectTypeOf<ServerToClientEvents["conversation:changed"]>().parameters.toEqualTypeOf<
      [ConversationChanged]
    >();
  });
});

describe("CLIENT_TO_SERVER_EVENTS", () => {
  it("validates each event's payload with its schema", () => {
    expect(
      CLIENT_TO_SERVER_EVENTS["inquiry:answer"].payload.safeParse({
        inquiryId: INQUIRY_ID,
        action: "approve",
      }).success,
    ).toBe(true);
    expect(
      CLIENT_TO_SERVER_EVENTS["inquiry:receipt"].payload.safeParse({
        inquiryId: INQUIRY_ID,
        kind: "lost",
      }).success,
    ).toBe(false);
  });

  it("drives the Socket.IO event map: an unknown payload and a typed ack", () => {
    expectTypeOf<keyof ClientToServerEvents>().toEqualTypeOf<
      "inquiry:answer" | "inquiry:receipt" | "presence:report"
    >();
    expectTypeOf<ClientToServerEvents["inquiry:answer"]>().parameters.toEqualTypeOf<
      [unknown, (response: SocketAck<Inquiry>) => void]
    >();
    expectTypeOf<ClientToServerEvents["inquiry:receipt"]>().parameters.toEqualTypeOf<
      [unknown, (response: SocketAck<{ recorded: boolean }>) => void]
    >();
    expectTypeOf<ClientToServerEvents["presence:report"]>().parameters.toEqualTypeOf<
      [unknown, (response: SocketAck<{ kept: boolean }>) => void]
    >();
  });
});
