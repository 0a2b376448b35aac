import { hash } from "node:crypto";
import { z } from "zod";
import { canonicalJson } from "../../kernel/canonical-json";

/** What a record is about; one chain holds every kind in the order they happened. */
export const AuditKindSchema = z.enum([
  "approval.decision",
  "approval.vote",
  "approval.batch",
  "rule.created",
  "rule.changed",
  "rule.revoked",
  "escalation",
  "inquiry.answered",
  "inquiry.expired",
  "inquiry.withdrawn",
]);
export type AuditKind = z.infer<typeof AuditKindSchema>;

/** Through what the decision came: a person's app, a push action, a webhook link, … or the hub itself. */
export const AuditChannelSchema = z.enum([
  "app",
  "push",
  "webhook",
  "mcp-client",
  "rule",
  "yolo",
  "hub",
]);
export type AuditChannel = z.infer<typeof AuditChannelSchema>;

/** What one act says before it is chained: the appender adds chain, seq, links and signature. */
export const AuditEventSchema = z.object({
  kind: AuditKindSchema,
  /** When the act happened (ISO 8601). */
  at: z.string().datetime(),
  /** Who decided: the person, the device (when one did) and the channel. */
  actor: z.object({
    userId: z.string().min(1),
    deviceId: z.string().min(1).optional(),
    deviceName: z.string().optional(),
    channel: AuditChannelSchema,
  }),
  /** The inquiry, batch, rule or team the act is about. */
  subject: z.string().min(1),
  /** sha256 (hex) of the canonical JSON of the call's arguments; absent when there were none. */
  argumentsDigest: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** The arguments as the redaction policy allows (HUB_AUDIT_FULL_ARGUMENTS). */
  arguments: z.record(z.string(), z.unknown()).optional(),
  /** How long the act took from the question to the decision, when known. */
  durationMs: z.number().int().nonnegative().optional(),
  /** The kind's own facts: verdict, reason, rule, items of a batch, … */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** One chained record as stored and exported: the event, its place, its links and its seal. */
export const AuditRecordSchema = AuditEventSchema.extend({
  /** `user:<id>` or `team:<id>`. */
  chain: z.string().min(1),
  /** 1 for the first record of a chain, then each next one more. */
  seq: z.number().int().positive(),
  /** The previous record's `hash`; the empty string for seq 1. */
  prevHash: z.string(),
  /** sha256 (hex) over the canonical record without `hash` and `signature`. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** Ed25519 over the hash's bytes with the hub's signing key, base64. */
  signature: z.string().min(1),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

/** The record before it is sealed. */
export type UnsealedAuditRecord = Omit<AuditRecord, "hash" | "signature">;

/** sha256 (hex) of a value's canonical JSON. */
export function digestOf(value: unknown): string {
  return hash("sha256", canonicalJson(value), "hex");
}

/**
 * The hash a record must carry: over everything but its hash and signature. An unsealed
 * record (the appender's, about to be sealed) has neither, so it is digested as it is.
 */
export function recordHash(record: UnsealedAuditRecord | AuditRecord): string {
  if (!("hash" in record) && !("signature" in record)) return digestOf(record);
  const unsealed: Partial<AuditRecord> = { ...(record as AuditRecord) };
  delete unsealed.hash;
  delete unsealed.signature;
  return digestOf(unsealed);
}

/** The chain of a person's own acts. */
export const personChain = (userId: string): string => `user:${userId}`;
/** The chain of a team's shared decisions. */
export const teamChain = (teamId: string): string => `team:${teamId}`;
