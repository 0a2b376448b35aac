import { randomUUID } from "node:crypto";
import {
  AgentRunCredentialSchema,
  AuthResponseSchema,
  ConversationSchema,
  HistoryPageSchema,
  InquirySchema,
  TurnSchema,
} from "@inquiry-hub/protocol";
import type { Conversation, HistoryItem, Inquiry, Turn } from "@inquiry-hub/protocol";

/** The hub REST calls the run tests make as the person (or with a run credential). */
export interface HubApi {
  /** Registers a fresh person and returns the token of their first device. */
  register(): Promise<string>;
  /** A run credential minted with the person's token, as the web does for every message. */
  mintRunCredential(token: string): Promise<string>;
  /** Answers a question with free text, as a device does. */
  answer(token: string, inquiryId: string, response: string): Promise<void>;
  inquiry(token: string, inquiryId: string): Promise<Inquiry>;
  createConversation(token: string): Promise<Conversation>;
  startTurn(token: string, conversationId: string, text: string): Promise<Turn>;
  readTurn(token: string, conversationId: string, turnId: string): Promise<Turn>;
  /** The person's newest inquiries (one page of `GET /api/history`). */
  history(token: string): Promise<HistoryItem[]>;
  /** The status `GET /api/auth/me` answers `token` with: 401 once a credential is revoked. */
  meStatus(token: string): Promise<number>;
}

/** Typed calls against the hub at `hubUrl`; each throws on an unexpected status. */
export function hubApi(hubUrl: URL): HubApi {
  const call = async (
    token: string | undefined,
    route: string,
    body?: unknown,
  ): Promise<unknown> => {
    const response = await fetch(new URL(route, hubUrl), {
      method: body === undefined ? "GET" : "POST",
      headers: {
        "content-type": "application/json",
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${route} answered ${response.status}`);
    return response.json();
  };
  return {
    async register() {
      const body = {
        username: `runs_${randomUUID().slice(0, 8)}`,
        password: "correct horse battery",
      };
      return AuthResponseSchema.pick({ token: true }).parse(
        await call(undefined, "/api/auth/register", body),
      ).token;
    },
    mintRunCredential: async (token) =>
      AgentRunCredentialSchema.parse(await call(token, "/api/agent-runs", {})).token,
    async answer(token, inquiryId, response) {
      await call(token, `/api/inquiries/${inquiryId}/answer`, { response });
    },
    inquiry: async (token, inquiryId) =>
      InquirySchema.parse(await call(token, `/api/inquiries/${inquiryId}`)),
    createConversation: async (token) =>
      ConversationSchema.parse(await call(token, "/api/conversations", {})),
    startTurn: async (token, conversationId, text) =>
      TurnSchema.parse(await call(token, `/api/conversations/${conversationId}/turns`, { text })),
    async readTurn(token, conversationId, turnId) {
      const conversation = ConversationSchema.parse(
        await call(token, `/api/conversations/${conversationId}`),
      );
      const turn = conversation.turns.find((candidate) => candidate.id === turnId);
      if (!turn) throw new Error(`turn ${turnId} is not in conversation ${conversationId}`);
      return turn;
    },
    history: async (token) => HistoryPageSchema.parse(await call(token, "/api/history")).items,
    async meStatus(token) {
      const response = await fetch(new URL("/api/auth/me", hubUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}

/** Polling pause and the default bound of {@link eventually}. */
const POLL_MS = 50;
const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * Reads `read()` until `accept` holds and returns that value; throws with `what` and the last
 * value after `timeoutMs`. For state another process changes with no event to wait on.
 */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what} did not happen in ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
