import type { Implementation } from "@modelcontextprotocol/server";

/**
 * How long a known client waits for one tool call by default, by the `clientInfo.name` it sends:
 * `"unlimited"` when it waits for as long as the call takes (or resets its timeout on the hub's
 * heartbeats), otherwise milliseconds. The client list under "How long may a person take?" in
 * docs/concepts/inquiry-life.md gives each figure's source. A name is only a claim: a client that
 * lies about it only changes how long its own calls are held, which the held-call caps bound
 * anyway.
 */
const KNOWN_CLIENT_WAITS: ReadonlyMap<string, number | "unlimited"> = new Map<
  string,
  number | "unlimited"
>([
  // The hub's own agent resets its MCP timeout on every heartbeat (AGENT_MCP_TIMEOUT_SECONDS).
  ["inquiry-hub-agent", "unlimited"],
  // The AI SDK's MCP client sets no timeout on tools/call.
  ["ai-sdk-mcp-client", "unlimited"],
  // VS Code waits for a tool call until the chat request is stopped.
  ["Visual Studio Code", "unlimited"],
  ["Visual Studio Code - Insiders", "unlimited"],
  // LangChain's adapters keep the official SDK's 60 s default.
  ["@langchain/mcp-adapters", 60_000],
  // Claude Desktop (and claude.ai connectors) give up after about 60 s, not configurable.
  ["claude-ai", 60_000],
  // ChatGPT connectors give up after about 60 s and send no progress token.
  ["openai-mcp", 60_000],
  // Codex: tool_timeout_sec, 60 s by default.
  ["codex-mcp-client", 60_000],
]);

/** mcp-remote passes its stdio host's clientInfo on, renamed "<host> (via mcp-remote x.y.z)". */
const VIA_BRIDGE = / \(via mcp-remote [^)]*\)$/;

/**
 * What is kept back from a client's wait: the held call returns this long before the client
 * would give up, so the "not answered yet" result reaches it over a slow link too.
 */
const MARGIN_MS = 10_000;

/** A hold override: milliseconds, or `"none"` to hold until the question is final. */
export type HoldOverride = number | "none";

/**
 * The hold budget of one call in milliseconds (undefined: hold until the question is final):
 * the session's `?hold=` when it set one; otherwise what its
 * client is known to wait, less a margin; otherwise `defaultMs` (HUB_HOLD_SECONDS, below the
 * 60 s most clients wait). A progress token does not lengthen it: the official SDKs send one
 * when the caller listens for progress, yet keep their timeout running unless the caller also
 * opted into `resetTimeoutOnProgress`, which the wire does not show.
 */
export function holdBudget(
  client: Implementation | undefined,
  override: HoldOverride | undefined,
  defaultMs: number,
): number | undefined {
  if (override !== undefined) return override === "none" ? undefined : override;
  const known =
    client === undefined ? undefined : KNOWN_CLIENT_WAITS.get(client.name.replace(VIA_BRIDGE, ""));
  if (known === "unlimited") return undefined;
  if (known !== undefined) return Math.max(1000, known - MARGIN_MS);
  return defaultMs;
}
