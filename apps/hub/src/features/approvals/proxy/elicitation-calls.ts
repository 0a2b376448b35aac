import { SdkErrorCode, SdkError } from "@modelcontextprotocol/server";
import type { ServerContext } from "@modelcontextprotocol/server";

type Extra = ServerContext;

/**
 * The SDK's own per-request timer is set this far out (the largest delay `setTimeout`
 * accepts): the forwarded call's real deadline is the pausable one below.
 */
export const SDK_TIMEOUT_DISABLED_MS = 2_147_483_647;

/** One agent `tools/call` the proxy is forwarding to the upstream right now. */
export interface ForwardedCall {
  /** The agent's request: its progress token, its cancellation. */
  extra: Extra;
  /**
   * Stops the call's upstream deadline while a person answers the upstream's elicitation (the
   * upstream cannot reply before it gets the answer). The returned function restarts it with
   * the full `timeoutMs` once every hold is released.
   */
  hold(): () => void;
}

/** The upstream request options of a forwarded call, and its deregistration. */
export interface ForwardedCallHandle {
  /** Aborts on the call's `stop` (the agent cancels), or with McpError RequestTimeout at the deadline. */
  signal: AbortSignal;
  end(): void;
}

/** The calls a proxy session is forwarding, so an upstream elicitation can find its call. */
export interface ForwardedCalls {
  /** `stop` cancels the upstream call; the agent's own cancellation unless given. */
  begin(extra: Extra, timeoutMs: number, stop?: AbortSignal): ForwardedCallHandle;
  /**
   * The call an upstream elicitation most likely belongs to: the latest one still running.
   * The MCP client API does not say on which request's stream an elicitation arrived, so with
   * parallel calls the chat card may show under a sibling call; the inquiry is the same.
   */
  latest(): ForwardedCall | undefined;
}

/** Creates the registry of one proxy session. */
export function createForwardedCalls(): ForwardedCalls {
  const running: ForwardedCall[] = [];

  return {
    begin(extra, timeoutMs, stop = extra.mcpReq.signal) {
      const deadline = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      let holds = 0;
      let ended = false;
      const arm = (): void => {
        timer = setTimeout(() => {
          deadline.abort(new SdkError(SdkErrorCode.RequestTimeout, "Request timed out"));
        }, timeoutMs);
      };
      const call: ForwardedCall = {
        extra,
        hold() {
          holds += 1;
          clearTimeout(timer);
          let released = false;
          return () => {
            if (released) return;
            released = true;
            holds -= 1;
            if (holds === 0 && !ended) arm();
          };
        },
      };
      arm();
      running.push(call);
      return {
        signal: AbortSignal.any([stop, deadline.signal]),
        end() {
          ended = true;
          clearTimeout(timer);
          const index = running.indexOf(call);
          if (index !== -1) running.splice(index, 1);
        },
      };
    },
    latest: () => running.at(-1),
  };
}
