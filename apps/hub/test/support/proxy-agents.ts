import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ApprovalDetailsSchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { TestHub } from "../helpers";
import { waitFor } from "../helpers";
import { connectModernMcp, MODERN_PROTOCOL_VERSION } from "./modern-mcp-client";

/** What an agent does through `/proxy/<name>/mcp`, whichever SDK and protocol generation. */
export interface ProxyAgent {
  listTools(): Promise<{ tools: { name: string; description?: string | undefined }[] }>;
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  readResource(uri: string): Promise<unknown>;
  getPrompt(name: string): Promise<unknown>;
  complete(value: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Connects an agent with the user's token to the named upstream's proxy URL. */
export type ConnectProxyAgent = (
  hub: TestHub,
  token: string,
  upstream: string,
) => Promise<ProxyAgent>;

/** No SDK timeout of its own cuts a request that waits for a person. */
const PATIENT = { timeout: 30_000 };
const COMPLETE_REF = { type: "ref/prompt" as const, name: "greet" };

/** The official v1 SDK client: a 2025-era session on the proxy. */
export const connectSessionAgent: ConnectProxyAgent = async (hub, token, upstream) => {
  const client = new V1Client({ name: "redteam-v1", version: "1.0.0" });
  await client.connect(
    new V1Transport(new URL(`/proxy/${upstream}/mcp`, hub.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return {
    listTools: () => client.listTools(),
    callTool: (name, args) => client.callTool({ name, arguments: args }, undefined, PATIENT),
    readResource: (uri) => client.readResource({ uri }, PATIENT),
    getPrompt: (name) => client.getPrompt({ name }, PATIENT),
    complete: (value) =>
      client.complete({ ref: COMPLETE_REF, argument: { name: "city", value } }, PATIENT),
    close: () => client.close(),
  };
};

/** The official v2 SDK client negotiating 2026-07-28: the proxy's per-request path. */
export const connectModernAgent: ConnectProxyAgent = async (hub, token, upstream) => {
  const { client } = await connectModernMcp([hub.url], token, "", {
    path: `/proxy/${upstream}/mcp`,
  });
  if (client.getNegotiatedProtocolVersion() !== MODERN_PROTOCOL_VERSION)
    throw new Error("the v2 client did not negotiate 2026-07-28");
  return {
    listTools: () => client.listTools(),
    callTool: (name, args) => client.callTool({ name, arguments: args }, PATIENT),
    readResource: (uri) => client.readResource({ uri }, PATIENT),
    getPrompt: (name) => client.getPrompt({ name }, PATIENT),
    complete: (value) =>
      client.complete({ ref: COMPLETE_REF, argument: { name: "city", value } }, PATIENT),
    close: () => client.close(),
  };
};

/** Both protocol generations, for `describe.each`. */
export const PROXY_AGENTS = [
  ["a 2025 session (v1 SDK)", connectSessionAgent],
  ["a 2026-07-28 request (v2 SDK)", connectModernAgent],
] as const;

const PendingApprovalsSchema = z.array(
  z.looseObject({ id: z.string(), approval: ApprovalDetailsSchema }),
);
export type PendingApproval = z.infer<typeof PendingApprovalsSchema>[number];

/** The user's pending APPROVAL cards, as their devices list them. */
export async function pendingApprovals(hub: TestHub, token: string): Promise<PendingApproval[]> {
  const response = await hub.request("/api/inquiries?status=pending", { token });
  return PendingApprovalsSchema.parse(await response.json());
}

/** Waits until the user has a pending approval card, and returns it. */
export function nextApprovalCard(hub: TestHub, token: string): Promise<PendingApproval> {
  return waitFor(async () => (await pendingApprovals(hub, token))[0]);
}

/** Decides a card as the person would from their device. */
export async function decide(
  hub: TestHub,
  token: string,
  inquiryId: string,
  action: "approve" | "reject",
): Promise<void> {
  const response = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
    token,
    body: { action },
  });
  if (!response.ok) throw new Error(`answering ${inquiryId} failed: ${response.status}`);
}
