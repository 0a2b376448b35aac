import {
  Client,
  ProtocolError,
  SdkHttpError,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import type { CallToolResult } from "@modelcontextprotocol/client";
import {
  HUB_TOOL_NAMES,
  IDEMPOTENCY_META_KEY,
  RequestApprovalReplySchema,
} from "@inquiry-hub/protocol";
import type {
  ApprovalDecision,
  RequestApprovalArgs,
  RequestApprovalReply,
  RequestApprovalResult,
} from "@inquiry-hub/protocol";

/** Where the hub is and who asks: an agent key a person created for this agent. */
export interface HubApprovalsOptions {
  /** The hub's MCP URL, e.g. `http://localhost:3000/mcp` (through the web) or the hub's own `/mcp`. */
  mcpUrl: string | URL;
  /** An agent key (`ihk_…`) from Devices → Agent keys; never a person's login token. */
  agentKey: string;
  /** The framework asking, shown on the approval card (`langgraph`, `openai-agents`, `ai-sdk`). */
  source: string;
  /**
   * How long one request may go without a heartbeat from the hub before the client gives up.
   * The hub sends one every few seconds while the person decides, so this only trips when the
   * hub is gone; the approval's own deadline is the hub's timeout.
   */
  silenceTimeoutMs?: number;
}

/** One tool call the framework is about to make, as the person will see it. */
export interface ToolCallForApproval {
  tool: string;
  arguments: Record<string, unknown>;
  description?: string | undefined;
  /** JSON Schema of the tool's arguments; the hub checks the person's edits against it. */
  inputSchema?: Record<string, unknown> | undefined;
  /** What the person may decide; all three when absent. */
  allowedDecisions?: readonly ApprovalDecision[] | undefined;
  /**
   * Names this call across restarts: the framework's own stable id for it (thread + tool
   * call id). Asking again with the same key after a restart reattaches to the same approval
   * instead of asking the person twice, and returns the decision if it was already made.
   */
  key: string;
  /** Groups the approvals of one agent run on the person's devices. */
  runId?: string | undefined;
}

/** A connection to the hub's `request_approval` tool, reused for every approval of a process. */
export interface HubApprovals {
  /**
   * Asks the person and waits for their decision (or the hub's timeout), however long that
   * takes: a `pending` reply (the hub's hold budget ran out) is asked again, which picks up
   * the same card. Throws HubApprovalError when the hub refuses the call. Aborting `signal`
   * only stops waiting: the card stays up, so asking again with the same key (after a
   * restart) finds the decision; aborting it with WITHDRAW_REASON withdraws the card.
   */
  request(
    call: ToolCallForApproval,
    options?: { signal?: AbortSignal },
  ): Promise<RequestApprovalResult>;
  close(): Promise<void>;
}

/** The hub refused the request (bad arguments, a revoked key, the pending-question cap). */
export class HubApprovalError extends Error {
  override readonly name = "HubApprovalError";
}

/**
 * A refusal the hub sent back, as a HubApprovalError: an HTTP 4xx (401 for a revoked key,
 * 413 for a body past its limit, 429) or a JSON-RPC error (an unknown tool on an older hub).
 * Undefined for anything else (a timeout, an abort, the hub unreachable or failing), which
 * is thrown as it is.
 */
function refusalOf(error: unknown): HubApprovalError | undefined {
  if (error instanceof SdkHttpError && error.status >= 400 && error.status < 500) {
    const message = `the hub refused the request (HTTP ${error.status}): ${error.message}`;
    return new HubApprovalError(message, { cause: error });
  }
  if (error instanceof ProtocolError)
    return new HubApprovalError(`the hub refused the request: ${error.message}`, { cause: error });
  return undefined;
}

const DEFAULT_SILENCE_TIMEOUT_MS = 60_000;

function textOf(result: CallToolResult): string {
  return result.content
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("\n")
    .trim();
}

function toArgs(source: string, call: ToolCallForApproval): RequestApprovalArgs {
  return {
    source,
    tool: call.tool,
    arguments: call.arguments,
    ...(call.description === undefined ? {} : { description: call.description }),
    ...(call.inputSchema === undefined ? {} : { input_schema: call.inputSchema }),
    ...(call.allowedDecisions === undefined
      ? {}
      : { allowed_decisions: [...call.allowedDecisions] }),
    ...(call.runId === undefined ? {} : { run_id: call.runId }),
  };
}

/**
 * Connects to the hub with the official MCP client (either protocol generation, whichever
 * the hub offers) and returns the approval requester the framework bridges share.
 */
export async function connectHubApprovals(options: HubApprovalsOptions): Promise<HubApprovals> {
  const client = new Client(
    { name: `inquiry-hub-${options.source}-bridge`, version: "0.1.0" },
    { versionNegotiation: { mode: "auto" } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(options.mcpUrl), {
    requestInit: { headers: { authorization: `Bearer ${options.agentKey}` } },
  });
  await client.connect(transport).catch((error: unknown) => {
    throw refusalOf(error) ?? error;
  });
  const silenceTimeoutMs = options.silenceTimeoutMs ?? DEFAULT_SILENCE_TIMEOUT_MS;

  async function askOnce(
    call: ToolCallForApproval,
    signal: AbortSignal | undefined,
  ): Promise<RequestApprovalReply> {
    const result = await client
      .callTool(
        {
          name: HUB_TOOL_NAMES.requestApproval,
          arguments: toArgs(options.source, call),
          _meta: { [IDEMPOTENCY_META_KEY]: call.key },
        },
        {
          // The hub's heartbeats arrive as progress; each one proves the wait is still alive.
          onprogress: () => undefined,
          resetTimeoutOnProgress: true,
          timeout: silenceTimeoutMs,
          ...(signal === undefined ? {} : { signal }),
        },
      )
      .catch((error: unknown) => {
        throw refusalOf(error) ?? error;
      });
    if (result.isError === true) throw new HubApprovalError(textOf(result));
    const parsed = RequestApprovalReplySchema.safeParse(result.structuredContent);
    if (!parsed.success)
      throw new HubApprovalError(
        `request_approval returned no decision: ${parsed.error.issues[0]?.message ?? "invalid"}`,
      );
    return parsed.data;
  }

  return {
    async request(call, requestOptions = {}) {
      // A `pending` reply means the hub stopped holding this call before anyone decided (its
      // hold budget); the approval stays open, and the same call again picks it up.
      for (;;) {
        const reply = await askOnce(call, requestOptions.signal);
        if (reply.decision !== "pending") return { ...reply, decision: reply.decision };
      }
    },
    async close() {
      if (transport.sessionId !== undefined)
        await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}
