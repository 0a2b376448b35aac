import {
  CreatedAgentKeySchema,
  IDEMPOTENCY_META_KEY,
  RequestApprovalResultSchema,
} from "@inquiry-hub/protocol";
import type { RequestApprovalArgs, RequestApprovalResult } from "@inquiry-hub/protocol";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { InquiryStatus } from "@inquiry-hub/protocol";
import type { HubConfig } from "../../src/index";
import type {
  ApprovalAuditEntry,
  ApprovalBatchAuditEntry,
} from "../../src/features/approvals/audit-log";
import { createProgressRecorder, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import type { TestDevice } from "../socket-helpers";
import { MODERN_PROTOCOL_VERSION } from "./modern-mcp-client";

/** The two protocol generations `/mcp` serves: 2025 sessions and 2026-07-28 stateless requests. */
export type Generation = "2025 session" | "2026-07-28";
export const GENERATIONS: readonly Generation[] = ["2025 session", "2026-07-28"];

/**
 * An SDK v2 client on `/mcp<query>`: `legacy` negotiation for the 2025 session path, `auto`
 * (which this hub answers with 2026-07-28) for the stateless one; checked after connecting.
 */
export async function connectV2(
  hub: TestHub,
  token: string,
  generation: Generation,
  query = "",
): Promise<Client> {
  const client = new Client(
    { name: "request-approval-test", version: "1.0.0" },
    { versionNegotiation: { mode: generation === "2026-07-28" ? "auto" : "legacy" } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`/mcp${query}`, hub.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const modern = client.getNegotiatedProtocolVersion() === MODERN_PROTOCOL_VERSION;
  if (modern !== (generation === "2026-07-28"))
    throw new Error(`expected ${generation}, negotiated ${client.getNegotiatedProtocolVersion()}`);
  return client;
}

/** An agent key the person creates (Devices → Agent keys), as a framework bridge is given. */
export async function createAgentKey(hub: TestHub, personToken: string): Promise<string> {
  const created = await hub.request("/api/agent-keys", {
    token: personToken,
    body: { name: "framework bridge" },
  });
  if (created.status !== 201) throw new Error(`agent key refused: ${created.status}`);
  return CreatedAgentKeySchema.parse(await created.json()).secret;
}

/**
 * What every request_approval suite starts from: a test hub, a person whose phone ("Pixel 7")
 * is a connected device, and an agent key the person created for the framework bridge.
 */
export interface ApprovalBench {
  hub: TestHub;
  person: TestLogin;
  phone: TestDevice;
  agentKey: string;
  /** Every approval the hub audited; emptied by `reset`. */
  audit: ApprovalAuditEntry[];
  /** Every group decision the hub audited; emptied by `reset`. */
  batchAudit: ApprovalBatchAuditEntry[];
  /** An SDK v2 client (`connectV2`) with the agent key unless `token` is given; closed by `reset`. */
  agent(generation: Generation, options?: { token?: string; query?: string }): Promise<Client>;
  /** The stored status of one of the person's inquiries. */
  statusOf(inquiryId: string): Promise<InquiryStatus>;
  /** After each test: closes the test's clients and empties the audit. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Starts an `ApprovalBench` on a hub with `config`, the person registered as `username`. */
export async function startApprovalBench(
  config: Partial<HubConfig>,
  username: string,
  personDeviceName?: string,
): Promise<ApprovalBench> {
  const audit: ApprovalAuditEntry[] = [];
  const batchAudit: ApprovalBatchAuditEntry[] = [];
  const clients: Client[] = [];
  const hub = await startTestHub(config, {
    approvalAudit: (entry) => {
      if (entry.event === "approval.batch") batchAudit.push(entry);
      else audit.push(entry);
    },
  });
  const person = await hub.registerUser(username, personDeviceName);
  const phoneLogin = await hub.login(person.username, "Pixel 7");
  const phone = await hub.devices.connect({ token: phoneLogin.token });
  const agentKey = await createAgentKey(hub, person.token);
  return {
    hub,
    person,
    phone,
    agentKey,
    audit,
    batchAudit,
    async agent(generation, options = {}) {
      const client = await connectV2(hub, options.token ?? agentKey, generation, options.query);
      clients.push(client);
      return client;
    },
    async statusOf(inquiryId) {
      return (await hub.hub.inquiries.get(person.userId, inquiryId)).status;
    },
    async reset() {
      await Promise.allSettled(clients.splice(0).map((client) => client.close()));
      audit.length = 0;
      batchAudit.length = 0;
    },
    close: () => hub.close(),
  };
}

/** A request_approval call as a LangGraph bridge would send it. */
export const SEND_EMAIL: RequestApprovalArgs = {
  source: "langgraph",
  tool: "send_email",
  arguments: { to: "ada@example.com", subject: "Launch", body: "We ship on Monday." },
  description: "Send an email on the person's behalf.",
  input_schema: {
    type: "object",
    properties: {
      to: { type: "string", minLength: 3 },
      subject: { type: "string" },
      body: { type: "string" },
    },
    required: ["to", "subject", "body"],
    additionalProperties: false,
  },
  allowed_decisions: ["approve", "edit", "reject"],
  run_id: "run-42",
};

/** One request_approval call in flight, with its progress recorded. */
export interface ApprovalCall {
  call: Promise<CallToolResult>;
  progress: ReturnType<typeof createProgressRecorder>;
}

/** Starts a request_approval call (keyed when `key` is given) with a progress recorder. */
export function requestApproval(
  client: Client,
  args: RequestApprovalArgs,
  options: { key?: string; signal?: AbortSignal } = {},
): ApprovalCall {
  const progress = createProgressRecorder();
  const call = client.callTool(
    {
      name: "request_approval",
      arguments: args,
      ...(options.key === undefined ? {} : { _meta: { [IDEMPOTENCY_META_KEY]: options.key } }),
    },
    {
      onprogress: progress.onprogress,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    },
  );
  return { call, progress };
}

/** The decision a request_approval result carries; throws when the result has none. */
export function decisionOf(result: CallToolResult): RequestApprovalResult {
  if (result.isError === true)
    throw new Error(`request_approval refused: ${JSON.stringify(result.content)}`);
  return RequestApprovalResultSchema.parse(result.structuredContent);
}

/** The text of a (refused) result's first content block. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}
