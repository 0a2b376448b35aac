import {
  AgentRunCredentialSchema,
  ConversationSchema,
  CreatedAgentKeySchema,
  TurnSchema,
} from "@inquiry-hub/protocol";
import type { Conversation, Turn } from "@inquiry-hub/protocol";
import type { TestHub } from "../helpers";

/** Typed calls of the conversations API for tests; each fails loudly on an unexpected status. */
export interface ConversationApi {
  create(token: string, body?: object): Promise<Conversation>;
  startTurn(token: string, conversationId: string, text: string): Promise<Turn>;
  read(token: string, conversationId: string): Promise<Conversation>;
  /** A chat run's credential of the person, as the web mints it for the agent of `turn`. */
  mintRun(personToken: string, turn?: { conversationId: string; turnId: string }): Promise<string>;
  /** An agent key's secret of the person. */
  mintKey(personToken: string): Promise<string>;
}

async function expectStatus(response: Response, status: number): Promise<unknown> {
  const body: unknown = response.status === 204 ? undefined : await response.json();
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The conversations API of `hub`. */
export function conversationApi(hub: TestHub): ConversationApi {
  return {
    async create(token, body = {}) {
      const response = await hub.request("/api/conversations", { token, body });
      return ConversationSchema.parse(await expectStatus(response, 201));
    },
    async startTurn(token, conversationId, text) {
      const response = await hub.request(`/api/conversations/${conversationId}/turns`, {
        token,
        body: { text },
      });
      return TurnSchema.parse(await expectStatus(response, 201));
    },
    async read(token, conversationId) {
      const response = await hub.request(`/api/conversations/${conversationId}`, { token });
      return ConversationSchema.parse(await expectStatus(response, 200));
    },
    async mintRun(personToken, turn) {
      const response = await hub.request("/api/agent-runs", {
        token: personToken,
        body: turn === undefined ? {} : { turn },
      });
      return AgentRunCredentialSchema.parse(await expectStatus(response, 201)).token;
    },
    async mintKey(personToken) {
      const response = await hub.request("/api/agent-keys", {
        token: personToken,
        body: { name: "ci" },
      });
      return CreatedAgentKeySchema.parse(await expectStatus(response, 201)).secret;
    },
  };
}
