/**
 * JSON with object keys sorted at every depth and `undefined` members left out, so the same
 * value always gives the same bytes: what the audit hashes and signs, and what a verifier
 * recomputes from an exported line whatever order its keys were written in.
 *
 * @example canonicalJson({ b: 1, a: [ { d: 2, c: undefined } ] }) // '{"a":[{"d":2}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, member]) => [key, sortedKeys(member)]));
}
