import { createHash } from "node:crypto";

/** What the hub accepts as an idempotency key: 1 to 200 printable ASCII characters, no spaces. */
const USABLE_KEY = /^[\x21-\x7e]{1,200}$/;

/** The longest `run_id` the hub accepts. */
const MAX_RUN_ID_LENGTH = 200;

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The idempotency key of one action request's approval: the thread, the interrupt and the
 * action's place in it. LangGraph derives the interrupt id from the task that paused, and the
 * checkpointer keeps it, so a process that reads the thread back after a restart asks with the
 * same key and reattaches to the same approval. The middleware's action requests carry no tool
 * call id, and call ids would not do anyway: scripted models reuse them across turns, while a
 * new turn always pauses in a new task with a new interrupt id. A key that would not be valid
 * (a thread id with spaces, non-ASCII or too long) is hashed instead, which is just as stable.
 *
 * @example approvalKey("order-42", "dc1ad24fb0e955295e9967dd1322b0cb", 0)
 * // "langgraph:order-42:dc1ad24fb0e955295e9967dd1322b0cb:0"
 */
export function approvalKey(threadId: string, interruptId: string, actionIndex: number): string {
  const readable = `langgraph:${threadId}:${interruptId}:${actionIndex}`;
  if (USABLE_KEY.test(readable)) return readable;
  return `langgraph:sha256:${sha256(readable)}`;
}

/** The hub's `run_id` for a thread, so the person's devices show one run's approvals together. */
export function approvalRunId(threadId: string): string {
  return threadId.length <= MAX_RUN_ID_LENGTH ? threadId : `sha256:${sha256(threadId)}`;
}
