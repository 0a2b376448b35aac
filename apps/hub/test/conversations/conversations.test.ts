import {
  ConversationListResponseSchema,
  ApiErrorBodySchema,
  MAX_CONVERSATION_TITLE,
  MAX_REPLY_TEXT,
  TurnSchema,
} from "@inquiry-hub/protocol";
import type { ConversationChanged } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { conversationApi } from "../support/conversation-api";
import type { ConversationApi } from "../support/conversation-api";

let hub: TestHub;
let api: ConversationApi;
let person: TestLogin;
let heard: ConversationChanged[];

beforeAll(async () => {
  hub = await startTestHub();
  api = conversationApi(hub);
  person = await hub.registerUser("talker");
  const phone = await hub.login(person.username, "Phone");
  heard = [];
  const device = await hub.devices.connect({ token: phone.token });
  device.socket.on("conversation:changed", (changed) => heard.push(changed));
});
afterAll(() => hub.close());

/** Resolves once the person's phone heard `change` of `conversationId`. */
function phoneHears(conversationId: string, change: ConversationChanged["change"]) {
  return waitFor(() =>
    Promise.resolve(
      heard.find((each) => each.conversationId === conversationId && each.change === change),
    ),
  );
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const { error } = ApiErrorBodySchema.parse(await response.json());
  return { status: response.status, message: error.message };
}

describe("a conversation's life", () => {
  it("goes from a first message through the agent's run to a reply, heard by every device", async () => {
    const created = await api.create(person.token);
    expect(created).toMatchObject({ title: "", running: false, turns: [] });
    await phoneHears(created.id, "updated");

    const longMessage = `Plan a week\nin Lisbon ${"with good food ".repeat(20)}`;
    const turn = await api.startTurn(person.token, created.id, longMessage);
    expect(turn).toMatchObject({ status: "pending", reply: [] });
    const titled = await api.read(person.token, created.id);
    expect(titled.title.startsWith("Plan a week in Lisbon with good food")).toBe(true);
    expect(titled.title.length).toBeLessThanOrEqual(MAX_CONVERSATION_TITLE);
    expect(titled.running).toBe(true);

    const again = await hub.request(`/api/conversations/${created.id}/turns`, {
      token: person.token,
      body: { text: "hello?" },
    });
    expect(await errorOf(again)).toMatchObject({ status: 409 });

    const run = await api.mintRun(person.token, { conversationId: created.id, turnId: turn.id });
    const turnPath = `/api/conversations/${created.id}/turns/${turn.id}`;
    const put = (body: object) => hub.request(turnPath, { method: "PUT", token: run, body });
    expect((await put({ status: "running", runId: "run-7" })).status).toBe(200);
    expect((await put({ status: "running", runId: "run-8" })).status).toBe(409);
    expect((await put({ status: "completed", runId: "run-8", reply: [] })).status).toBe(409);
    const finished = await put({
      status: "completed",
      runId: "run-7",
      reply: [{ type: "text", text: "Start in Alfama." }],
    });
    expect(TurnSchema.parse(await finished.json())).toMatchObject({
      status: "completed",
      runId: "run-7",
      reply: [{ type: "text", text: "Start in Alfama." }],
    });
    const rewrite = await put({ status: "failed", runId: "run-7", reply: [] });
    expect(await errorOf(rewrite)).toMatchObject({ status: 409 });
    expect((await api.read(person.token, created.id)).turns).toMatchObject([
      { id: turn.id, status: "completed", reply: [{ type: "text", text: "Start in Alfama." }] },
    ]);

    const renamed = await hub.request(`/api/conversations/${created.id}`, {
      method: "PATCH",
      token: person.token,
      body: { title: "Lisbon" },
    });
    expect(await renamed.json()).toMatchObject({ title: "Lisbon", running: false });

    const deleted = await hub.request(`/api/conversations/${created.id}`, {
      method: "DELETE",
      token: person.token,
    });
    expect(deleted.status).toBe(204);
    await phoneHears(created.id, "deleted");
    const gone = await hub.request(`/api/conversations/${created.id}`, { token: person.token });
    expect(gone.status).toBe(404);
  });

  it("lists the newest first, with the one still running marked", async () => {
    const older = await api.create(person.token, { title: "Older" });
    const newer = await api.create(person.token, { title: "Newer" });
    await api.startTurn(person.token, older.id, "Still thinking?");
    const response = await hub.request("/api/conversations", { token: person.token });
    const { conversations } = ConversationListResponseSchema.parse(await response.json());
    expect(conversations.map(({ title, running }) => ({ title, running })).slice(0, 2)).toEqual([
      { title: "Older", running: true },
      { title: "Newer", running: false },
    ]);
    expect(conversations.some((each) => each.id === newer.id)).toBe(true);
  });

  it("keeps the order when a conversation is renamed: a rename is not activity", async () => {
    const first = await api.create(person.token, { title: "First" });
    // A later millisecond, so "newest first" has one answer.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await api.create(person.token, { title: "Second" });
    const renamed = await hub.request(`/api/conversations/${first.id}`, {
      method: "PATCH",
      token: person.token,
      body: { title: "First, renamed" },
    });
    expect(renamed.status).toBe(200);
    const response = await hub.request("/api/conversations", { token: person.token });
    const { conversations } = ConversationListResponseSchema.parse(await response.json());
    const ids = conversations.map((each) => each.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });
});

describe("bad requests", () => {
  it("are refused with 400 naming the field, and change nothing", async () => {
    const conversation = await api.create(person.token, { title: "Untouched" });
    const turn = await api.startTurn(person.token, conversation.id, "First");
    const before = await api.read(person.token, conversation.id);
    const base = `/api/conversations/${conversation.id}`;
    const half = "x".repeat(MAX_REPLY_TEXT / 2 + 1);
    const attempts: [string, string, object, string][] = [
      ["POST", "/api/conversations", { title: "ok", color: "red" }, "color"],
      ["POST", "/api/conversations", { title: "   " }, "title"],
      ["PATCH", base, { title: "x".repeat(MAX_CONVERSATION_TITLE + 1) }, "title"],
      ["POST", `${base}/turns`, { text: 42 }, "text"],
      ["PUT", `${base}/turns/${turn.id}`, { status: "done" }, "status"],
      ["PUT", `${base}/turns/${turn.id}`, { status: "running" }, "runId"],
      [
        "PUT",
        `${base}/turns/${turn.id}`,
        {
          status: "completed",
          reply: [
            { type: "text", text: half },
            { type: "text", text: half },
          ],
        },
        "reply",
      ],
    ];
    for (const [method, path, body, field] of attempts) {
      const refused = await errorOf(await hub.request(path, { method, token: person.token, body }));
      expect(refused.status, `${method} ${path}`).toBe(400);
      expect(refused.message).toContain(field);
    }
    const notAnId = await hub.request("/api/conversations/not-an-id", { token: person.token });
    expect(await errorOf(notAnId)).toMatchObject({ status: 400 });
    expect(await api.read(person.token, conversation.id)).toEqual(before);
  });
});
