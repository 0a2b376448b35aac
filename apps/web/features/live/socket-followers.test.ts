import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/client/query-keys";
import { pendingInquiry } from "@/test/fixtures/pending-inquiry";
import type { HubSocket } from "./connect-hub-socket";
import { followConversations } from "./conversation-refetch";
import { followPendingInquiries } from "./pending-events";
import type { PendingAction } from "./pending-state";
import { createReceiptReporter } from "./receipt-reporter";
import { followReceipts } from "./receipts-cache";
import { followSettings } from "./settings-cache";

const INQUIRY_ID = "00000000-0000-4000-8000-00000000abcd";

/** A connected socket that records what is sent and lets a test push hub events into it. */
function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const sent: unknown[] = [];
  const socket = {
    connected: true,
    on(event: string, handler: (payload: unknown) => void) {
      handlers.set(event, handler);
      return socket;
    },
    emit(event: string, payload: unknown, ack: (reply: unknown) => void) {
      sent.push([event, payload]);
      ack({ data: {} });
      return true;
    },
  };
  return {
    socket: socket as unknown as HubSocket,
    sent,
    receive: (event: string, payload: unknown) => handlers.get(event)?.(payload),
  };
}

/**
 * Each part of what the hub pushes has the module that owns it: the inquiry events reach the
 * pending state, the receipts and settings their caches, a changed conversation a refetch.
 * Whatever fails its event's schema changes nothing.
 */
describe("the hub socket's followers", () => {
  it("write pushed settings into the settings cache, ignoring a malformed push", () => {
    const { socket, receive } = fakeSocket();
    const queryClient = new QueryClient();
    followSettings(socket, queryClient);
    receive("settings:changed", { yolo: "on" });
    expect(queryClient.getQueryData(queryKeys.settings)).toBeUndefined();
    receive("settings:changed", { yolo: { enabled: true } });
    expect(queryClient.getQueryData(queryKeys.settings)).toEqual({ yolo: { enabled: true } });
  });

  it("write pushed receipts into that inquiry's receipts cache", () => {
    const { socket, receive } = fakeSocket();
    const queryClient = new QueryClient();
    followReceipts(socket, queryClient);
    receive("inquiry:receipts", { inquiryId: "not-a-uuid", receipts: [] });
    receive("inquiry:receipts", { inquiryId: INQUIRY_ID, receipts: [] });
    expect(queryClient.getQueryData(queryKeys.receipts(INQUIRY_ID))).toEqual([]);
    expect(queryClient.getQueryData(queryKeys.receipts("not-a-uuid"))).toBeUndefined();
  });

  it("refetch the list and the conversation that changed, not the others", () => {
    const { socket, receive } = fakeSocket();
    const queryClient = new QueryClient();
    const other = "00000000-0000-4000-8000-00000000ffff";
    for (const key of [
      queryKeys.conversations,
      queryKeys.conversation(INQUIRY_ID),
      queryKeys.conversation(other),
    ])
      queryClient.setQueryData(key, {});
    followConversations(socket, queryClient);
    receive("conversation:changed", { conversationId: INQUIRY_ID, change: "updated" });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(queryKeys.conversations)).toBe(true);
    expect(invalidated(queryKeys.conversation(INQUIRY_ID))).toBe(true);
    expect(invalidated(queryKeys.conversation(other))).toBe(false);
  });

  it("turn inquiry events into pending actions and report each arrival delivered", () => {
    const { socket, sent, receive } = fakeSocket();
    const actions: PendingAction[] = [];
    followPendingInquiries(socket, {
      queryClient: new QueryClient(),
      dispatch: (action) => actions.push(action),
      receipts: createReceiptReporter(),
      thisDeviceId: "d-1",
    });
    const asked = pendingInquiry();
    receive("inquiry:new", { ...asked, question: 42 });
    receive("inquiry:new", asked);
    receive("inquiry:agent-waiting", { inquiryId: asked.id, agentWaiting: false });
    expect(actions).toEqual([
      { type: "new", inquiry: asked },
      { type: "agent-waiting", event: { inquiryId: asked.id, agentWaiting: false } },
    ]);
    expect(sent).toEqual([["inquiry:receipt", { inquiryId: asked.id, kind: "delivered" }]]);
  });
});
