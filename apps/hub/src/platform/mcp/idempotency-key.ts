import { IDEMPOTENCY_META_KEY, IdempotencyKeySchema } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";

/**
 * The idempotency key of a tools/call from its `_meta`, or undefined when it carries none.
 * A present but malformed key is refused (BAD_REQUEST naming the key) rather than ignored,
 * so an agent never believes its call is protected when it is not.
 */
export function readIdempotencyKey(meta: Record<string, unknown> | undefined): string | undefined {
  const raw = meta?.[IDEMPOTENCY_META_KEY];
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues[0]?.message ?? "invalid";
  throw new HubError(
    "BAD_REQUEST",
    `_meta "${IDEMPOTENCY_META_KEY}" must be 1 to 200 printable characters: ${problem}`,
  );
}
