import type { Inquiry } from "@inquiry-hub/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolRequest } from "@modelcontextprotocol/sdk/types.js";
import { createProgressRecorder, waitFor } from "../helpers";
import type { OpenedCall } from "../helpers";
import { startDemoUpstream } from "../support/proxy-harness";
import { createAgentKey, startApprovalBench } from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

/**
 * What the issue 32 attacks start from: the approval bench (a hub, a person, their phone,
 * agent key A) with the approval proxy in front of a real demo-tools (`demo`, INSERT and
 * DELETE gated), and the person's second agent key B.
 */
export interface ReattachBench {
  bench: ApprovalBench;
  keyA: string;
  keyB: string;
  /** An official SDK v1 client on `/proxy/demo/mcp<query>` with `token`. */
  proxyAgent(token: string, query?: string): Promise<Client>;
  /** The stored inquiry (the person's). */
  inquiry(inquiryId: string): Promise<Inquiry>;
  /** Waits until no call holds on `inquiryId` any more, the question still pending. */
  detached(inquiryId: string): Promise<void>;
  close(): Promise<void>;
}

const GATED = { execute_sql: { when: [{ arg: "query", sql: ["insert", "delete"] }] } };

export async function startReattachBench(username: string): Promise<ReattachBench> {
  const upstream = await startDemoUpstream(GATED);
  const bench = await startApprovalBench(
    { proxy: upstream.proxy, inquiryTimeoutSeconds: 600 },
    username,
  );
  const keyB = await createAgentKey(bench.hub, bench.person.token);
  const proxyClients: Client[] = [];
  const inquiry = (inquiryId: string): Promise<Inquiry> =>
    bench.hub.hub.inquiries.get(bench.person.userId, inquiryId);
  return {
    bench,
    keyA: bench.agentKey,
    keyB,
    async proxyAgent(token, query = "") {
      const client = new Client({ name: "redteam-reattach", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`/proxy/demo/mcp${query}`, bench.hub.url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      proxyClients.push(client);
      return client;
    },
    inquiry,
    async detached(inquiryId) {
      // agentWaiting is absent while the asking call holds; only a detach sets it false.
      const current = await waitFor(async () => {
        const now = await inquiry(inquiryId);
        return now.agentWaiting === false ? now : undefined;
      });
      if (current.status !== "pending") throw new Error(`${inquiryId} is ${current.status}`);
    },
    async close() {
      await Promise.allSettled(proxyClients.map((client) => client.close()));
      await bench.close();
      await upstream.close();
    },
  };
}

/**
 * Resolves with the `opening` progress meta of `call`, or fails at once naming what the call
 * returned instead: a call that hands out a kept answer opens no card, so a test waiting for
 * the card must not just hang.
 */
export async function firstCard<T>(
  call: Promise<T>,
  progress: ReturnType<typeof createProgressRecorder>,
  opening: "INQUIRY" | "APPROVAL",
): Promise<string> {
  const returnedFirst = call.then(
    (result) => `returned without opening a card: ${JSON.stringify(result)}`,
    (error: unknown) => `failed without opening a card: ${String(error)}`,
  );
  const first = await Promise.race([progress.next(opening), returnedFirst]);
  if (typeof first === "string") throw new Error(first);
  return first.inquiryId;
}

/** `callUntilOpened`, failing at once when the call returns without opening a card. */
export async function opensCard(
  client: Client,
  params: CallToolRequest["params"],
  opening: "INQUIRY" | "APPROVAL",
  options: RequestOptions = {},
): Promise<OpenedCall> {
  const progress = createProgressRecorder();
  const call = client.callTool(params, undefined, { onprogress: progress.onprogress, ...options });
  const inquiryId = await firstCard(call, progress, opening);
  const opened = await progress.next(opening);
  return { call, progress, opened, inquiryId };
}
