import { createHmac, createSecretKey, randomBytes } from "node:crypto";

/**
 * Key of the digests in redacted arguments, new each process: equal values still show as
 * equal within one run (was the call edited before it went upstream?), but a short value
 * such as `DELETE FROM notes` cannot be confirmed by hashing guesses offline. A KeyObject, as
 * `createHmac` given raw bytes prepares a key object of its own on every call.
 */
const DIGEST_KEY = createSecretKey(randomBytes(32));

/** One value as the audit shows it when arguments are redacted. */
export function redactedValue(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  const digest = createHmac("sha256", DIGEST_KEY).update(text).digest("hex").slice(0, 16);
  return `[redacted: ${text.length} chars, hmac ${digest}]`;
}

/**
 * Tool arguments with their top-level keys kept (they are the tool's schema, useful to an
 * auditor) and every value replaced by its JSON length and a keyed digest, so file contents,
 * SQL and secrets in arguments never reach a log.
 *
 * @example redactArguments({ path: "a.txt" }) // { path: "[redacted: 7 chars, hmac 3f…]" }
 */
export function redactArguments(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key, redactedValue(value)]),
  );
}
