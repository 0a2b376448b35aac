import { randomUUID } from "node:crypto";
import { MAX_CONVERSATIONS_PER_USER } from "@inquiry-hub/protocol";
import type {
  Conversation,
  ConversationChanged,
  ConversationSummary,
  CreateConversationBody,
  Turn,
  UpdateTurnBody,
} from "@inquiry-hub/protocol";
import type { Principal } from "../accounts/auth-service";
import { requirePerson } from "../accounts/person-only";
import { reportedTurnKey } from "../accounts/ports";
import type { RunTurn } from "../accounts/ports";
import { HubError } from "../../kernel/errors";
import { toConversation } from "./conversation-record";
import type { ConversationChange, ConversationRecord, ConversationStore } from "./ports";
import { appendTurn, applyTurnUpdate, checkReplySize } from "./turn-rules";

/** Called after every change with the owner, so the device channel can tell their devices. */
export type ConversationListener = (userId: string, changed: ConversationChanged) => void;

/**
 * The one place conversations change. Every method takes the caller's principal: a person
 * (a device) may do everything on their own conversations; the credential of an agent run
 * may only report its turn (`updateTurn`); any other agent credential nothing. Another
 * user's conversation reads as NOT_FOUND, so its existence is never revealed.
 */
export interface ConversationService {
  /** The person's conversations, newest `updatedAt` first. */
  list(principal: Principal): Promise<ConversationSummary[]>;
  /** 409 once the person keeps MAX_CONVERSATIONS_PER_USER. */
  create(principal: Principal, body: CreateConversationBody): Promise<Conversation>;
  get(principal: Principal, id: string): Promise<Conversation>;
  rename(principal: Principal, id: string, title: string): Promise<Conversation>;
  remove(principal: Principal, id: string): Promise<void>;
  /** Appends the person's message as a pending turn (see `appendTurn` for the refusals). */
  startTurn(principal: Principal, id: string, text: string): Promise<Turn>;
  /** The run's report on its turn (see `applyTurnUpdate` for the allowed moves). */
  updateTurn(principal: Principal, id: string, turnId: string, body: UpdateTurnBody): Promise<Turn>;
  /** Calls `listener` after every change; returns the unsubscribe. */
  onChanged(listener: ConversationListener): () => void;
}

const NOT_FOUND = "no such conversation";

/**
 * Refuses every agent credential but the run minted for this very turn: an agent key never
 * writes conversations, and a run's credential reports its own turn only, so a run cannot write
 * into the person's other chats.
 */
function requirePersonOrTurnRun(principal: Principal, turn: RunTurn): void {
  if (principal.kind === "person") return;
  if (principal.device.purpose !== "agent-run")
    throw new HubError(
      "FORBIDDEN",
      "an agent key cannot change conversations: only the person's devices and the run answering a turn can",
    );
  if (principal.device.reportsTurn !== reportedTurnKey(turn))
    throw new HubError(
      "FORBIDDEN",
      "this run's credential reports only the conversation turn it was minted for",
    );
}

/** Creates the conversation service on `store`; `now` and `newId` are for tests. */
export function createConversationService(deps: {
  store: ConversationStore;
  now?: () => Date;
  newId?: () => string;
}): ConversationService {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? randomUUID;
  const listeners = new Set<ConversationListener>();

  function announce(userId: string, conversationId: string, change: ConversationChanged["change"]) {
    for (const listener of listeners) listener(userId, { conversationId, change });
  }

  async function owned(principal: Principal, id: string): Promise<ConversationRecord> {
    const record = await store.get(id);
    if (record?.userId !== principal.user.id) throw new HubError("NOT_FOUND", NOT_FOUND);
    return record;
  }

  /** Applies `change` to the caller's own conversation and announces it. */
  async function change(
    principal: Principal,
    id: string,
    next: ConversationChange,
  ): Promise<ConversationRecord> {
    const updated = await store.update(id, (current) => {
      if (current.userId !== principal.user.id) throw new HubError("NOT_FOUND", NOT_FOUND);
      return next(current);
    });
    if (updated === undefined) throw new HubError("NOT_FOUND", NOT_FOUND);
    announce(updated.userId, id, "updated");
    return updated;
  }

  return {
    async list(principal) {
      requirePerson(principal, "read conversations");
      const summaries = await store.listSummaries(principal.user.id);
      return summaries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },

    async create(principal, body) {
      requirePerson(principal, "start conversations");
      const at = now().toISOString();
      const record: ConversationRecord = {
        id: newId(),
        userId: principal.user.id,
        title: body.title ?? "",
        createdAt: at,
        updatedAt: at,
        turns: [],
      };
      if (!(await store.insert(record, MAX_CONVERSATIONS_PER_USER)))
        throw new HubError(
          "CONFLICT",
          `you keep ${MAX_CONVERSATIONS_PER_USER} conversations, the most allowed: delete one first`,
        );
      announce(record.userId, record.id, "updated");
      return toConversation(record);
    },

    async get(principal, id) {
      requirePerson(principal, "read conversations");
      return toConversation(await owned(principal, id));
    },

    async rename(principal, id, title) {
      requirePerson(principal, "rename conversations");
      // Not activity: `updatedAt` stays, so renaming never moves a conversation up the list.
      return toConversation(await change(principal, id, (current) => ({ ...current, title })));
    },

    async remove(principal, id) {
      requirePerson(principal, "delete conversations");
      await owned(principal, id);
      if (!(await store.remove(principal.user.id, id))) throw new HubError("NOT_FOUND", NOT_FOUND);
      announce(principal.user.id, id, "deleted");
    },

    async startTurn(principal, id, text) {
      requirePerson(principal, "send messages");
      const turn: Turn = {
        id: newId(),
        text,
        sentAt: now().toISOString(),
        status: "pending",
        reply: [],
      };
      await change(principal, id, (current) => appendTurn(current, turn));
      return turn;
    },

    async updateTurn(principal, id, turnId, body) {
      requirePersonOrTurnRun(principal, { conversationId: id, turnId });
      if (body.status !== "running") checkReplySize(body.reply);
      const at = now().toISOString();
      const updated = await change(principal, id, (current) =>
        applyTurnUpdate(current, turnId, body, at),
      );
      const turn = updated.turns.find((each) => each.id === turnId);
      if (turn === undefined) throw new HubError("INTERNAL", "an updated turn went missing");
      return turn;
    },

    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
