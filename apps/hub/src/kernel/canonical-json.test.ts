import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";

/**
 * The definition the chain's records were first hashed with: a sorted copy rebuilt with
 * `Object.fromEntries`, then `JSON.stringify`. Every record ever sealed must hash alike.
 */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, member]) => [key, sortedCopy(member)]));
}
const byDefinition = (value: unknown): string => JSON.stringify(sortedCopy(value));

const sparse: unknown[] = [1];
sparse[3] = 4;

/** `count` keys written in reverse order, some of them array indices. */
const reversedKeys = (count: number): Record<string, number> =>
  Object.fromEntries(
    Array.from({ length: count }, (_, at) => [
      at % 3 === 0 ? String(count - at) : `k${String(count - at)}`,
      at,
    ]),
  );

const VALUES: Record<string, unknown> = {
  "a few keys in reverse": reversedKeys(12),
  "many keys in reverse": reversedKeys(40),
  record: {
    kind: "inquiry.answered",
    at: "2026-11-28T12:00:00.000Z",
    actor: { userId: "u1", deviceId: "d1", channel: "app", deviceName: undefined },
    subject: "0b8f",
    detail: { status: "answered", answer: { response: "Lisbon" }, reason: undefined },
    seq: 3,
    prevHash: "",
  },
  "index keys first, in numeric order": { b: 1, "10": 2, "2": 3, a: 4, "01": 5, "-1": 6 },
  "keys past the array indices": { "4294967294": 1, "4294967295": 2, "9": 3, "99999999999": 4 },
  "arrays keep order, undefined and functions become null": [3, undefined, () => 1, "x", null],
  "holes become null": sparse,
  "objects leave out undefined, functions and symbols": {
    a: undefined,
    b: () => 1,
    c: Symbol("s"),
    d: 0,
  },
  "numbers as JSON writes them": { zero: -0, nan: Number.NaN, big: 1e21, small: 1e-7, inf: -1 / 0 },
  "strings escaped as JSON escapes them": { 'quote"key': 'a"b\\c\n\u2028\ud800', ü: "é" },
  "nested empties": { a: {}, b: [], c: [{}, []], d: { e: { f: [] } } },
  "a date and a map hold no own keys": { at: new Date(0), map: new Map([["a", 1]]) },
  "an own __proto__ member": JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as unknown,
  "a bare string": "text",
  "a bare number": 42,
  null: null,
  "an empty object": {},
};

describe("canonicalJson", () => {
  for (const [name, value] of Object.entries(VALUES))
    it(`writes the bytes of its definition: ${name}`, () => {
      expect(canonicalJson(value)).toBe(byDefinition(value));
    });

  it("writes undefined alone as undefined, as JSON.stringify does", () => {
    expect(canonicalJson(undefined)).toBe(byDefinition(undefined));
  });

  it("sorts keys at every depth whatever order they were written in", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
    expect(canonicalJson({ y: { b: 2, a: 1 }, x: 0 })).toBe(
      canonicalJson(JSON.parse('{"x":0,"y":{"a":1,"b":2}}')),
    );
  });
});
