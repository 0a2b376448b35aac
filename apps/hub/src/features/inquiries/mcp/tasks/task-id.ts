import { z } from "zod";

/**
 * What a task stands for, which decides how its result is built and which endpoint serves
 * it: `inquiry` is a `send_inquiry` call on `/mcp`, `approval` a gated tools/call on
 * `/proxy/<name>/mcp` (the proxy's approval tasks).
 */
export const TaskKindSchema = z.enum(["inquiry", "approval"]);
export type TaskKind = z.infer<typeof TaskKindSchema>;

/**
 * A task id is `<kind>.<inquiry id>`: stateless, so any hub node reads the task from the
 * shared inquiry store, and as unguessable as the inquiry's random UUID. It is no bearer
 * token: every task request is also checked against the caller's credential.
 *
 * @example "inquiry.3f0c…-…" for the inquiry 3f0c…
 */
export function toTaskId(kind: TaskKind, inquiryId: string): string {
  return `${kind}.${inquiryId}`;
}

const TaskIdSchema = z
  .string()
  .transform((taskId) => taskId.split("."))
  .pipe(z.tuple([TaskKindSchema, z.uuid()]))
  .transform(([kind, inquiryId]) => ({ kind, inquiryId }));

/** The kind and inquiry of a task id; undefined for anything this hub never issued. */
export function parseTaskId(taskId: string): { kind: TaskKind; inquiryId: string } | undefined {
  const parsed = TaskIdSchema.safeParse(taskId);
  return parsed.success ? parsed.data : undefined;
}
