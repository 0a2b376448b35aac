import { hash } from "node:crypto";
import { canonicalJson } from "../../kernel/canonical-json";

/**
 * The sha256 (base64url) of a tool call as the approval saw it: the tool name and its
 * arguments as canonical JSON, so `{a, b}` and `{b, a}` digest alike while any changed,
 * added or removed value, at any depth, digests differently. A retried call whose digest
 * differs from the sealed one is another request, whatever its state says. `meta` is the
 * `_meta` forwarded with the call (forwarded-meta.ts), bound the same way; a call forwarding
 * none digests as before `_meta` was bound.
 *
 * @example requestDigest("write_file", { path: "a.txt", text: "hi" })
 */
export function requestDigest(
  tool: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): string {
  const bound = meta === undefined ? [tool, args] : [tool, args, meta];
  return hash("sha256", canonicalJson(bound), "base64url");
}

/** What of an upstream tool's definition is pinned: what the model and the person read. */
export interface PinnedDefinition {
  name: string;
  description?: string | undefined;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown> | undefined;
}

/**
 * The sha256 (base64url) of a tool's definition as canonical JSON: a changed description,
 * schema or annotation (at any depth) digests differently, a reordered one alike.
 *
 * @example definitionDigest({ name: "get_weather", description: "Gets the weather", inputSchema: {} })
 */
export function definitionDigest(tool: PinnedDefinition): string {
  const { name, description, inputSchema, annotations } = tool;
  return hash(
    "sha256",
    canonicalJson({ name, description, inputSchema, annotations }),
    "base64url",
  );
}
