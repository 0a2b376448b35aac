/**
 * JSON with object keys sorted at every depth and `undefined` members left out, so the same
 * value always gives the same bytes: what the audit hashes and signs, what a verifier
 * recomputes from an exported line whatever order its keys were written in, and what an
 * approval's request digest binds (features/inquiries/request-digest.ts).
 *
 * The text is written directly, with no sorted copy of the value built first (the seal of
 * every audit record runs this). Its bytes are those of `JSON.stringify` over a copy whose
 * objects were rebuilt with `Object.fromEntries` from their sorted entries, as the chain's
 * first records were hashed, so keys that are array indices ("2", "10") come first in
 * numeric order, as an object rebuilt that way holds them. Meant for JSON data: a value's
 * own `toJSON` is not called.
 *
 * @example canonicalJson({ b: 1, a: [ { d: 2, c: undefined } ] }) // '{"a":[{"d":2}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return memberText(value);
}

/** What `JSON.stringify` leaves out of an object and writes as `null` in an array. */
const isOmitted = (value: unknown): boolean =>
  value === undefined || typeof value === "function" || typeof value === "symbol";

/** Array indices ("0" … "4294967294"): an object rebuilt from entries lists them first. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
const isArrayIndex = (key: string): boolean => ARRAY_INDEX.test(key) && Number(key) < 4_294_967_295;

/** Up to this many keys are sorted in place by insertion: `sort` would copy them first. */
const FEW_KEYS = 16;

function sortInPlace(keys: string[]): string[] {
  if (keys.length > FEW_KEYS) return keys.sort();
  for (let next = 1; next < keys.length; next += 1) {
    const key = keys[next] as string;
    let at = next;
    for (; at > 0 && (keys[at - 1] as string) > key; at -= 1) keys[at] = keys[at - 1] as string;
    keys[at] = key;
  }
  return keys;
}

function sortedKeysOf(record: Record<string, unknown>): string[] {
  const keys = sortInPlace(Object.keys(record));
  if (!keys.some(isArrayIndex)) return keys;
  const indices = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  return [...indices, ...keys.filter((key) => !isArrayIndex(key))];
}

/** A value's text; `undefined` (and a function or symbol) alone gives `undefined`, as `JSON.stringify` does. */
function memberText(value: unknown): string {
  return value === null || typeof value !== "object" ? JSON.stringify(value) : textOf(value);
}

function textOf(value: object): string {
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      items.push(isOmitted(item) ? "null" : memberText(item));
    }
    return `[${items.join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  let text = "";
  for (const key of sortedKeysOf(record)) {
    const member = record[key];
    if (isOmitted(member)) continue;
    text += `${text === "" ? "" : ","}${JSON.stringify(key)}:${memberText(member)}`;
  }
  return `{${text}}`;
}
