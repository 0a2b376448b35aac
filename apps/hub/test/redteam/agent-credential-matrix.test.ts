import path from "node:path";
import { AgentRunCredentialSchema, CreatedAgentKeySchema } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/client";
import {
  CLIENT_CAPABILITIES_META_KEY_V2,
  TASKS_EXTENSION_ID_V2,
} from "@modelcontextprotocol/ext-tasks/core/v2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileExists, gatedCall, startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { waitFor } from "../helpers";
import type { OpenedCall } from "../helpers";
import { MODERN_PROTOCOL_VERSION } from "../support/modern-mcp-client";
import { connectTasksClient } from "../support/tasks-client";

/**
 * Finding 1 and 2 of issue 14, as a matrix: an agent credential (a chat run's, and an agent
 * key) against every way to resolve or weaken a pending approval of its own gated call. Each
 * way must fail, the approval must stay pending and the upstream must not run; then the person
 * approves with their device credential, which proves the same call could be resolved.
 */

interface Attempt {
  /** The path an attacker would take, as docs/security.md's red-team matrix names it. */
  path: string;
  /** What a refusal looks like on that path: an HTTP status, or the error a client sees. */
  refusedWith: string;
  /** Performs the attack and reports what came back, in the same terms. */
  run(agentToken: string, inquiryId: string): Promise<string>;
}

let harness: ProxyHarness;
const mcpClients: Client[] = [];

async function hubFetch(
  pathname: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(new URL(pathname, harness.hubUrl), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function statusCode(
  pathname: string,
  init: { method?: string; token?: string; body?: unknown },
): Promise<string> {
  return String((await hubFetch(pathname, init)).status);
}

async function connectHubMcp(token: string, query = ""): Promise<Client> {
  const client = new McpClient({ name: "redteam-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`/mcp${query}`, harness.hubUrl), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  mcpClients.push(client);
  return client;
}

/** The inquiry's `expiresAt` as `token` reads it (an agent may read what it opened). */
async function expiresAtOf(token: string, inquiryId: string): Promise<string> {
  const response = await hubFetch(`/api/inquiries/${inquiryId}`, { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { expiresAt: string }).expiresAt;
}

/** "connected", or the first words of the error a refused connection threw. */
function connection(attempt: Promise<unknown>): Promise<string> {
  return attempt.then(
    () => "connected",
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

/** The per-request `_meta` of a 2026-07-28 client that declares the Tasks extension. */
const TASKS_ENVELOPE = {
  [PROTOCOL_VERSION_META_KEY]: MODERN_PROTOCOL_VERSION,
  [CLIENT_INFO_META_KEY]: { name: "redteam-tasks", version: "1.0.0" },
  [CLIENT_CAPABILITIES_META_KEY_V2]: { extensions: { [TASKS_EXTENSION_ID_V2]: {} } },
};

const ATTEMPTS: Attempt[] = [
  {
    path: "HTTP answer: approve",
    refusedWith: "403",
    run: (token, id) =>
      statusCode(`/api/inquiries/${id}/answer`, { token, body: { action: "approve" } }),
  },
  {
    path: "HTTP answer: edit",
    refusedWith: "403",
    run: (token, id) =>
      statusCode(`/api/inquiries/${id}/answer`, {
        token,
        body: { action: "edit", args: { path: "edited.txt", content: "x" } },
      }),
  },
  {
    path: "Extend: more time on its own pending approval",
    refusedWith: "403; expiresAt unchanged",
    run: async (token, id) => {
      const before = await expiresAtOf(token, id);
      const status = await statusCode(`/api/inquiries/${id}/extend`, { token, body: {} });
      const moved = (await expiresAtOf(token, id)) !== before;
      return `${status}; expiresAt ${moved ? "moved" : "unchanged"}`;
    },
  },
  {
    path: "socket handshake with the agent token",
    refusedWith:
      "an agent credential cannot open a device socket: only the person, on one of their devices, can",
    run: (token) => connection(harness.devices.connect({ token })),
  },
  {
    path: "socket ticket for the agent",
    refusedWith: "403",
    run: (token) => statusCode("/api/socket-ticket", { token, body: {} }),
  },
  {
    path: "respond_inquiry over /mcp",
    refusedWith: "not listed; call refused",
    run: async (token, id) => {
      const client = await connectHubMcp(token);
      const listed = (await client.listTools()).tools.some(
        (tool) => tool.name === "respond_inquiry",
      );
      const called = await client
        .callTool({ name: "respond_inquiry", arguments: { inquiry_id: id, response: "yes" } })
        .then(
          (result) => (result.isError === true ? "call refused" : "call answered"),
          () => "call refused",
        );
      return `${listed ? "listed" : "not listed"}; ${called}`;
    },
  },
  {
    path: "tasks/update over /mcp, declining its approval as a send_inquiry task",
    refusedWith: "-32602",
    run: async (token, id) => {
      const tasks = await connectTasksClient([harness.hubUrl], token);
      try {
        const reply = await tasks.dispatch({
          method: "tasks/update",
          params: {
            taskId: `inquiry.${id}`,
            inputResponses: { answer: { action: "decline" } },
            _meta: TASKS_ENVELOPE,
          },
        });
        return reply.kind === "error" ? String(reply.error.code) : "updated";
      } finally {
        await tasks.close();
      }
    },
  },
  {
    path: "webhook channel pointed at the agent (to receive decision links)",
    refusedWith: "403",
    run: (token) =>
      statusCode("/api/channels/webhook", {
        method: "PUT",
        token,
        body: { url: "https://agent.example/hook", kind: "generic" },
      }),
  },
  {
    path: "webhook decision with a forged link token",
    refusedWith: "403",
    run: (token, id) =>
      statusCode("/api/webhook-decisions", { token, body: { token: `${id}.approve.forged` } }),
  },
  {
    path: "settings: YOLO on",
    refusedWith: "403",
    run: (token) =>
      statusCode("/api/settings", { method: "PUT", token, body: { yolo: { enabled: true } } }),
  },
  {
    path: "session YOLO: /proxy/demo/mcp?yolo=1",
    refusedWith: "refused",
    run: async (token) =>
      (await connection(harness.connectAgent(token, "?yolo=1"))) === "connected"
        ? "connected"
        : "refused",
  },
  {
    path: "session YOLO: /mcp?yolo=true",
    refusedWith: "refused",
    run: async (token) =>
      (await connection(connectHubMcp(token, "?yolo=true"))) === "connected"
        ? "connected"
        : "refused",
  },
  {
    path: "team vote: create a team to route approvals to",
    refusedWith: "403",
    run: (token) => statusCode("/api/teams", { token, body: { name: "agents" } }),
  },
  {
    path: "pairing: a new person device for the agent",
    refusedWith: "403",
    run: (token) => statusCode("/api/pairing", { token, body: {} }),
  },
  {
    path: "agent keys: mint another credential",
    refusedWith: "403",
    run: (token) => statusCode("/api/agent-keys", { token, body: { name: "more" } }),
  },
  {
    path: "agent runs: mint another credential",
    refusedWith: "403",
    run: (token) => statusCode("/api/agent-runs", { token, body: {} }),
  },
  {
    path: "devices: list the person's devices",
    refusedWith: "403",
    run: (token) => statusCode("/api/devices", { token }),
  },
];

async function mintRun(personToken: string): Promise<{ id: string; token: string }> {
  const response = await hubFetch("/api/agent-runs", { token: personToken, body: {} });
  expect(response.status).toBe(201);
  return AgentRunCredentialSchema.parse(await response.json());
}

async function createKey(personToken: string): Promise<{ id: string; token: string }> {
  const response = await hubFetch("/api/agent-keys", {
    token: personToken,
    body: { name: "red team", expiresInDays: 1 },
  });
  expect(response.status).toBe(201);
  const created = CreatedAgentKeySchema.parse(await response.json());
  return { id: created.key.id, token: created.secret };
}

async function statusOf(personToken: string, inquiryId: string): Promise<string> {
  const response = await hubFetch(`/api/inquiries/${inquiryId}`, { token: personToken });
  return ((await response.json()) as { status: string }).status;
}

beforeAll(async () => {
  harness = await startProxyHarness({ write_file: true });
});

afterAll(async () => {
  await Promise.allSettled(mcpClients.map((client) => client.close()));
  await harness.close();
});

describe.each([
  ["a chat run's credential", mintRun],
  ["an agent key", createKey],
])("red team, findings 1-2: %s cannot open the gate", (_label, issue) => {
  it("fails every way to resolve or weaken its own pending approval; the person still can", async () => {
    const personToken = await harness.registerUser();
    const agent = await issue(personToken);
    const client = await harness.connectAgent(agent.token);
    const file = `matrix-${agent.id}.txt`;
    const opened: OpenedCall = await gatedCall(client, "write_file", {
      path: file,
      content: "written only after a person approved",
    });

    const observed: Record<string, string> = {};
    for (const attempt of ATTEMPTS)
      observed[attempt.path] = await attempt.run(agent.token, opened.inquiryId);
    expect(observed).toEqual(
      Object.fromEntries(ATTEMPTS.map((attempt) => [attempt.path, attempt.refusedWith])),
    );
    expect(await statusOf(personToken, opened.inquiryId)).toBe("pending");
    expect(await fileExists(path.join(harness.sandboxDir, file))).toBe(false);
    expect(harness.audit).not.toContainEqual(
      expect.objectContaining({ inquiryId: opened.inquiryId }),
    );

    const before = await expiresAtOf(personToken, opened.inquiryId);
    const extended = await hubFetch(`/api/inquiries/${opened.inquiryId}/extend`, {
      token: personToken,
      body: {},
    });
    expect(extended.status).toBe(200);
    expect(await expiresAtOf(personToken, opened.inquiryId)).not.toBe(before);
    const approved = await harness.answer(personToken, opened.inquiryId, { action: "approve" });
    expect(approved.status).toBe(200);
    await opened.call;
    expect(await fileExists(path.join(harness.sandboxDir, file))).toBe(true);
  });

  it("reads only the inquiries its own calls opened", async () => {
    const personToken = await harness.registerUser();
    const agent = await issue(personToken);
    const personsOwn = await gatedCall(await harness.connectAgent(personToken), "write_file", {
      path: `person-${agent.id}.txt`,
      content: "asked by the person's own client",
    });
    const agentsOwn = await gatedCall(await harness.connectAgent(agent.token), "write_file", {
      path: `agent-${agent.id}.txt`,
      content: "asked by the agent",
    });

    const listed = await hubFetch("/api/inquiries?status=pending", { token: agent.token });
    const ids = ((await listed.json()) as { id: string }[]).map((inquiry) => inquiry.id);
    expect(ids).toEqual([agentsOwn.inquiryId]);
    expect(
      (await hubFetch(`/api/inquiries/${agentsOwn.inquiryId}`, { token: agent.token })).status,
    ).toBe(200);
    expect(
      (await hubFetch(`/api/inquiries/${personsOwn.inquiryId}`, { token: agent.token })).status,
    ).toBe(404);

    for (const opened of [personsOwn, agentsOwn])
      await harness.answer(personToken, opened.inquiryId, { action: "reject" });
    await Promise.all([personsOwn.call, agentsOwn.call]);
  });
});

describe("red team: credentials end", () => {
  it("a run credential stops working the moment the web revokes it, and its MCP session closes", async () => {
    const personToken = await harness.registerUser();
    const run = await mintRun(personToken);
    const client = await harness.connectAgent(run.token);
    const opened = await gatedCall(client, "write_file", {
      path: `run-${run.id}.txt`,
      content: "x",
    });

    const revoked = await hubFetch(`/api/agent-runs/${run.id}`, {
      method: "DELETE",
      token: personToken,
    });
    expect(revoked.status).toBe(204);
    opened.call.catch(() => undefined);
    await waitFor(async () =>
      (await statusOf(personToken, opened.inquiryId)) === "cancelled" ? true : undefined,
    );
    expect(await fileExists(path.join(harness.sandboxDir, `run-${run.id}.txt`))).toBe(false);
    await expect(client.listTools()).rejects.toThrow();
    expect((await hubFetch("/api/inquiries", { token: run.token })).status).toBe(401);
    await expect(harness.connectAgent(run.token)).rejects.toThrow();
  });

  it("a revoked agent key gets 401 and shows as revoked on the person's list", async () => {
    const personToken = await harness.registerUser();
    const key = await createKey(personToken);
    expect((await hubFetch("/api/inquiries", { token: key.token })).status).toBe(200);
    const revoked = await hubFetch(`/api/agent-keys/${key.id}`, {
      method: "DELETE",
      token: personToken,
    });
    expect(revoked.status).toBe(200);
    expect((await hubFetch("/api/inquiries", { token: key.token })).status).toBe(401);
    const list = (await (await hubFetch("/api/agent-keys", { token: personToken })).json()) as {
      keys: { id: string; revokedAt?: string }[];
    };
    expect(list.keys.find((each) => each.id === key.id)?.revokedAt).toBeDefined();
  });

  it("finding 8: logout revokes the device's credential on the hub", async () => {
    const personToken = await harness.registerUser();
    expect((await hubFetch("/api/auth/me", { token: personToken })).status).toBe(200);
    expect((await hubFetch("/api/auth/logout", { token: personToken, body: {} })).status).toBe(204);
    expect((await hubFetch("/api/auth/me", { token: personToken })).status).toBe(401);
    await expect(harness.devices.connect({ token: personToken })).rejects.toThrow();
  });
});
