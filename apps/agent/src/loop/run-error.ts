import { AgentError, toAgentError } from "../errors/agent-error";
import { McpConnectError } from "./tool-box";

/**
 * A failure to connect to the MCP servers. A 401/403 from them means the client's bearer was
 * refused, which the client must hear as its own 401; anything else is an unavailable upstream.
 */
export function toConnectError(thrown: unknown): AgentError {
  if (thrown instanceof McpConnectError && (thrown.status === 401 || thrown.status === 403)) {
    return new AgentError("invalid_api_key", undefined, { cause: thrown });
  }
  return toAgentError(thrown, "upstream_unavailable");
}

/**
 * A failure of the tool loop. An upstream model failure keeps its own code (429 with the
 * upstream's `Retry-After`, 502, 504); anything else is `run_failed` with its message.
 */
export function toRunError(thrown: unknown): AgentError {
  return toAgentError(thrown, "run_failed");
}
