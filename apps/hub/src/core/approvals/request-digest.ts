import { createHash } from "node:crypto";

/** `value` with every object's keys sorted, recursively; arrays keep their order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, canonical(record[key])]),
  );
}

/**
 * The sha256 (base64url) of a tool call as the approval saw it: the tool name and its
 * arguments as canonical JSON, so `{a, b}` and `{b, a}` digest alike while any changed,
 * added or removed value, at any depth, digests differently. A retried call whose digest
 * differs from the sealed one is another request, whatever its state says.
 *
 * @example requestDigest("write_file", { path: "a.txt", text: "hi" })
 */
export function requestDigest(tool: string, args: Record<string, unknown>): string {
  return createHash("sha256")
    .update(JSON.stringify([tool, canonical(args)]))
    .digest("base64url");
}
