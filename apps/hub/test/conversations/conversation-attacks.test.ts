import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, Turn } from "@inquiry-hub/protocol";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { conversationApi } from "../support/conversation-api";
import type { ConversationApi } from "../support/conversation-api";

/**
 * Who may touch a person's conversation: another user sees none of it (404, never revealing
 * that it exists), an agent key nothing (403), a chat run's credential only the turn report.
 */
let hub: TestHub;
let api: ConversationApi;
let owner: TestLogin;
let conversation: Conversation;
let turn: Turn;

interface Call {
  method: string;
  path: string;
  body?: object;
}

/** Every route of the API, aimed at the owner's conversation and turn. */
function everyRoute(): Call[] {
  const base = `/api/conversations/${conversation.id}`;
  return [
    { method: "GET", path: "/api/conversations" },
    { method: "POST", path: "/api/conversations", body: { title: "mine now" } },
    { method: "GET", path: base },
    { method: "PATCH", path: base, body: { title: "taken over" } },
    { method: "DELETE", path: base },
    { method: "POST", path: `${base}/turns`, body: { text: "do something else" } },
    ...turnReport(),
  ];
}

function turnReport(): Call[] {
  return [
    {
      method: "PUT",
      path: `/api/conversations/${conversation.id}/turns/${turn.id}`,
      body: { status: "completed", reply: [{ type: "text", text: "reported by the run" }] },
    },
  ];
}

async function statusesOf(token: string, calls: Call[]): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const { method, path, body } of calls) {
    const response = await hub.request(path, { method, token, ...(body ? { body } : {}) });
    statuses[`${method} ${path}`] = response.status;
  }
  return statuses;
}

beforeAll(async () => {
  hub = await startTestHub();
  api = conversationApi(hub);
  owner = await hub.registerUser("owner");
  conversation = await api.create(owner.token, { title: "Private plans" });
  turn = await api.startTurn(owner.token, conversation.id, "Plan the surprise party");
});
afterAll(() => hub.close());

describe("another user's conversation", () => {
  it("is not found on every route that names it, and stays as it was", async () => {
    const stranger = await hub.registerUser("stranger");
    // The stranger's run claims the owner's turn: the binding matches, the owner does not.
    const strangerRun = await api.mintRun(stranger.token, {
      conversationId: conversation.id,
      turnId: turn.id,
    });
    const named = everyRoute().filter((call) => call.path.includes(conversation.id));
    const refused = await statusesOf(stranger.token, named);
    expect(Object.values(refused)).toEqual(named.map(() => 404));
    expect(await statusesOf(strangerRun, turnReport())).toEqual(
      Object.fromEntries(turnReport().map((call) => [`${call.method} ${call.path}`, 404])),
    );
    expect(await api.read(owner.token, conversation.id)).toMatchObject({
      title: "Private plans",
      turns: [{ id: turn.id, status: "pending", reply: [] }],
    });
  });
});

describe("agent credentials", () => {
  it("an agent key is refused on every route", async () => {
    const key = await api.mintKey(owner.token);
    const statuses = await statusesOf(key, everyRoute());
    expect(Object.values(statuses)).toEqual(everyRoute().map(() => 403));
  });

  it("a run's credential minted for another turn, or for none, cannot report this one", async () => {
    const other = await api.create(owner.token, { title: "Other chat" });
    const otherTurn = await api.startTurn(owner.token, other.id, "Something else");
    const forOtherTurn = await api.mintRun(owner.token, {
      conversationId: other.id,
      turnId: otherTurn.id,
    });
    const unbound = await api.mintRun(owner.token);
    for (const run of [forOtherTurn, unbound])
      expect(Object.values(await statusesOf(run, turnReport()))).toEqual([403]);
    expect((await api.read(owner.token, conversation.id)).turns).toMatchObject([
      { status: "pending", reply: [] },
    ]);
  });

  it("a run's credential may only report its own user's turn", async () => {
    const run = await api.mintRun(owner.token, {
      conversationId: conversation.id,
      turnId: turn.id,
    });
    const reading = everyRoute().filter((call) => call.method !== "PUT");
    expect(Object.values(await statusesOf(run, reading))).toEqual(reading.map(() => 403));
    expect(await api.read(owner.token, conversation.id)).toMatchObject({
      title: "Private plans",
      turns: [{ status: "pending" }],
    });
    expect(Object.values(await statusesOf(run, turnReport()))).toEqual([200]);
    expect((await api.read(owner.token, conversation.id)).turns).toMatchObject([
      { status: "completed", reply: [{ type: "text", text: "reported by the run" }] },
    ]);
  });
});
