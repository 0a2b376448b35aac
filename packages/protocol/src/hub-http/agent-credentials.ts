import { z } from "zod";
import { IsoTimestampSchema } from "../inquiry";

/**
 * What a credential is allowed to be. A *person* credential belongs to a device (login,
 * pairing) and may do everything its user may. An *agent* credential is what an agent calls
 * the hub with: `/mcp`, `/proxy/*`, and reading the inquiries its own calls opened. It never
 * resolves an approval, changes settings, teams, devices or keys, or opens a socket.
 */
export const CredentialKindSchema = z.enum(["person", "agent"]);
export type CredentialKind = z.infer<typeof CredentialKindSchema>;

/** Longest name of an agent key, in characters. */
export const MAX_AGENT_KEY_NAME_LENGTH = 100;

/** Longest lifetime a person may give an agent key: one year. */
export const MAX_AGENT_KEY_DAYS = 365;

/**
 * An agent key a person created for an external agent (a server, a CI job, a desktop MCP
 * client). The secret is shown once, at creation; the hub keeps only its hash.
 */
export const AgentKeySchema = z.object({
  id: z.string(),
  /** The person's label ("build bot"). */
  name: z.string(),
  createdAt: IsoTimestampSchema,
  /** After this the key authenticates no more (401). */
  expiresAt: IsoTimestampSchema,
  /** Last time an agent authenticated with it; absent when never used. */
  lastUsedAt: IsoTimestampSchema.optional(),
  /** Set once the person revoked it; a revoked key authenticates no more. */
  revokedAt: IsoTimestampSchema.optional(),
});
export type AgentKey = z.infer<typeof AgentKeySchema>;

/**
 * Body of `POST /api/agent-keys`: a name and the lifetime in days (default 30).
 *
 * @example { name: "build bot", expiresInDays: 90 }
 */
export const CreateAgentKeyBodySchema = z
  .object({
    name: z.string().trim().min(1).max(MAX_AGENT_KEY_NAME_LENGTH),
    expiresInDays: z.number().int().positive().max(MAX_AGENT_KEY_DAYS).optional(),
  })
  .strict();
export type CreateAgentKeyBody = z.infer<typeof CreateAgentKeyBodySchema>;

/** Response of `POST /api/agent-keys`: the key and its secret, which is never shown again. */
export const CreatedAgentKeySchema = z.object({
  key: AgentKeySchema,
  /** The bearer secret; give it to the agent as `Authorization: Bearer <secret>`. */
  secret: z.string(),
});
export type CreatedAgentKey = z.infer<typeof CreatedAgentKeySchema>;

/** Response of `GET /api/agent-keys`: the person's keys, newest first, revoked ones included. */
export const AgentKeyListResponseSchema = z.object({ keys: z.array(AgentKeySchema) });
export type AgentKeyListResponse = z.infer<typeof AgentKeyListResponseSchema>;

/**
 * Body of `POST /api/agent-runs`. `turn`: the conversation turn the run answers, the only turn
 * its credential may report (`PUT /api/conversations/:id/turns/:turnId`); without it the
 * credential reports none.
 */
export const MintRunBodySchema = z.strictObject({
  turn: z.strictObject({ conversationId: z.uuid(), turnId: z.uuid() }).optional(),
});
export type MintRunBody = z.infer<typeof MintRunBodySchema>;

/**
 * Response of `POST /api/agent-runs`: a credential for one chat run, minted by the web for the
 * agent it starts. Short-lived, bound to the user and the run; the agent revokes it with
 * `DELETE /api/agent-runs/self` when the run ends (the web with `DELETE /api/agent-runs/:id`
 * when no agent took the run).
 */
export const AgentRunCredentialSchema = z.object({
  id: z.string(),
  token: z.string(),
  expiresAt: IsoTimestampSchema,
});
export type AgentRunCredential = z.infer<typeof AgentRunCredentialSchema>;
