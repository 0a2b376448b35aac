import { RunStatusSchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { ChatMessage } from "../loop/model-provider";
import type { RunCheckpoint, RunRecord } from "../runs/ports";

const ToolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

/** A message exactly as the tool loop keeps it (content already flattened to text). */
const StoredChatMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.enum(["system", "developer", "user"]), content: z.string() }),
  z.object({
    role: z.literal("assistant"),
    content: z.string().nullable(),
    tool_calls: z.array(ToolCallSchema).optional(),
  }),
  z.object({ role: z.literal("tool"), tool_call_id: z.string(), content: z.string() }),
]) satisfies z.ZodType<ChatMessage>;

/** The loop's progress as a durable store keeps it. */
export const RunCheckpointSchema = z.object({
  history: z.array(StoredChatMessageSchema),
  step: z.number().int().nonnegative(),
  logMark: z.number().int().nonnegative().optional(),
}) satisfies z.ZodType<RunCheckpoint>;

/**
 * A run record as a durable store keeps it. Stores decode with it because what they read was
 * written by another process, maybe another version of the agent, or edited by hand: a record
 * that no longer fits is reported as such instead of surfacing later as a confusing crash.
 */
export const RunRecordSchema = z.object({
  id: z.string().min(1),
  ownerUserId: z.string().min(1),
  startedByCredentialId: z.string().min(1).optional(),
  model: z.string(),
  completionId: z.string(),
  created: z.number().int(),
  bearer: z.string(),
  inquiryTimeoutSeconds: z.number().int().positive().optional(),
  yolo: z.literal(false).optional(),
  metadata: z.record(z.string(), z.string()),
  status: RunStatusSchema,
  checkpoint: RunCheckpointSchema,
  finishedAt: z.iso.datetime({ offset: true }).optional(),
}) satisfies z.ZodType<RunRecord>;

/** Thrown when a stored run does not decode; names the run and what is wrong with it. */
export class CorruptRunRecordError extends Error {
  constructor(runId: string, problem: string, options?: ErrorOptions) {
    super(`run ${runId}: the stored record is corrupt (${problem})`, options);
    this.name = "CorruptRunRecordError";
  }
}

/** Validates `value` (already parsed from the store) as the record of `runId`. */
export function decodeRunRecord(runId: string, value: unknown): RunRecord {
  const parsed = RunRecordSchema.safeParse(value);
  if (!parsed.success) throw new CorruptRunRecordError(runId, z.prettifyError(parsed.error));
  return parsed.data;
}

/** Parses JSON text the store wrote, as a corrupt-record error when it is not JSON. */
export function parseStoredJson(runId: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CorruptRunRecordError(runId, "not JSON", { cause: error });
  }
}
