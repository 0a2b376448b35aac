import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { serveMcpOnLoopback } from "./loopback-mcp-server";

/** A real MCP server whose `transfer` tool records the `_meta` each call reached it with. */
export interface RecordingUpstream {
  url: URL;
  /** The `_meta` of every `transfer` call the upstream ran, in order (`{}` for none). */
  metas: Record<string, unknown>[];
  close(): Promise<void>;
}

const TRANSFER_TOOL = {
  name: "transfer",
  description: "Transfers money to the account the call names.",
  inputSchema: {
    type: "object" as const,
    properties: { amount: { type: "number" } },
    required: ["amount"],
  },
};

/** Starts it on 127.0.0.1:<free port>, serving both protocol generations. */
export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const metas: Record<string, unknown>[] = [];
  const build = (): Server => {
    const server = new Server({ name: "bank", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/list", () => ({ tools: [TRANSFER_TOOL] }));
    server.setRequestHandler("tools/call", (request) => {
      metas.push({ ...request.params._meta });
      return { content: [{ type: "text" as const, text: "transferred" }] };
    });
    return server;
  };
  return { ...(await serveMcpOnLoopback(createMcpHandler(build))), metas };
}
