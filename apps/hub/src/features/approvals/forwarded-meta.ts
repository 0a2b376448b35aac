/**
 * `_meta` keys every upstream receives with a forwarded call: the W3C trace context
 * (SEP-414), which names a trace and can decide nothing. The agent's `progressToken` is not
 * among them (the relay asks the upstream for progress under a token of its own), nor are the
 * reserved `io.modelcontextprotocol/*` keys: they describe the agent's own hop (its protocol
 * version, capabilities, task), the SDK writes the proxy's own envelope upstream and an
 * agent's copy would take precedence over it, and a made-up one would smuggle data as well
 * as any other key.
 */
export const PROTOCOL_META_KEYS: readonly string[] = ["traceparent", "tracestate"];

/**
 * The part of a call's `_meta` that goes upstream: only the protocol keys above and those the
 * upstream's `forward_meta` lists. Everything else is dropped, so a value the approval card
 * never showed (`"com.bank/recipient": "attacker-iban"`) never reaches the upstream. Undefined
 * when nothing is left. What this returns is also bound into a 2026-07-28 `requestState`
 * (request-state.ts), so a retry cannot swap it.
 *
 * @example forwardedMeta({ traceparent: "00-…", "com.bank/recipient": "x" }, []) // { traceparent: "00-…" }
 */
export function forwardedMeta(
  meta: Record<string, unknown> | undefined,
  allowed: readonly string[],
): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  const kept = Object.entries(meta).filter(
    ([key]) => PROTOCOL_META_KEYS.includes(key) || allowed.includes(key),
  );
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}
