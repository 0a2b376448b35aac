import { z } from "zod";

/**
 * The `_meta` key of an MCP `tools/call` that names the call across retries, restarts and
 * reconnections. An agent derives it from its run and tool call (`<runId>:<toolCallId>`), so
 * a resumed run that repeats the call lands on the inquiry the first attempt opened instead
 * of asking the person twice.
 *
 * @example
 * client.callTool({ name: "send_inquiry", arguments, _meta: { [IDEMPOTENCY_META_KEY]: "run-1:call-7" } });
 */
export const IDEMPOTENCY_META_KEY = "io.inquiry-hub/idempotency-key";

/** An idempotency key: 1 to 200 printable ASCII characters (no spaces or control characters). */
export const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, "printable characters only, no spaces");
export type IdempotencyKey = z.infer<typeof IdempotencyKeySchema>;
