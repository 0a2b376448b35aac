import { createHash } from "node:crypto";

/** What the hub accepts as an idempotency key: 1 to 200 printable ASCII characters, no spaces. */
const USABLE_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The idempotency key of one tool call's approval: the app's run id plus the SDK's call id,
 * both persisted in (or beside) the serialized `RunState`, so a process that restarts from
 * that state asks with the same key and reattaches to the same approval. The run id is part
 * of it because call ids are only unique within one conversation (scripted models reuse them).
 * A pair that would not make a valid key (spaces, non-ASCII, too long) is hashed instead,
 * which is just as stable.
 *
 * @example approvalKey("order-42", "call_abc") // "openai-agents:order-42:call_abc"
 */
export function approvalKey(runId: string, callId: string): string {
  const readable = `openai-agents:${runId}:${callId}`;
  if (USABLE_KEY.test(readable)) return readable;
  return `openai-agents:sha256:${createHash("sha256").update(readable).digest("hex")}`;
}
