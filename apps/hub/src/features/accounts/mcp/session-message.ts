import {
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import { readJsonRpcMessage } from "../../../platform/mcp/jsonrpc-messages";

/** The part of an HTTP POST the check reads: its headers and the body Express parsed. */
export interface PostedMessage {
  header(name: string): string | undefined;
  body: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The versions a 2025-era session negotiates: never the 2026-07-28 generation. */
const LEGACY_VERSIONS: ReadonlySet<string> = new Set(SUPPORTED_PROTOCOL_VERSIONS);

/**
 * True for a POST of an open 2025-era session, told without the SDK's classifier, for exactly
 * POSTs it would call legacy: one carrying `mcp-session-id`, no `mcp-protocol-version` or a
 * 2025-era one, and one JSON-RPC message (checked once for the transport too, see
 * readJsonRpcMessage) without the 2026-07-28 envelope in `params._meta`. The classifier runs
 * a failing result and error guard before it finds a request, which cost more than the rest of
 * a session's routing; a batch, an initialize (no session yet) or anything else is left to it.
 */
export function isSessionMessage(post: PostedMessage): boolean {
  if (post.header("mcp-session-id") === undefined) return false;
  const version = post.header("mcp-protocol-version");
  if (version !== undefined && !LEGACY_VERSIONS.has(version)) return false;
  const body = post.body;
  if (!isRecord(body)) return false;
  const params = body["params"];
  const meta = isRecord(params) ? params["_meta"] : undefined;
  if (isRecord(meta) && PROTOCOL_VERSION_META_KEY in meta) return false;
  return readJsonRpcMessage(body) !== undefined;
}
