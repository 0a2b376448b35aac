import { AuthResponseSchema, readProgressMeta } from "@inquiry-hub/protocol";
import type { InquiryProgressMeta } from "@inquiry-hub/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolRequest, Progress } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { createHub, DEFAULT_HUB_CONFIG } from "../src/index";
import type { Hub, HubConfig, HubOverrides } from "../src/index";
import { createDeviceSockets } from "./socket-helpers";
import type { DeviceSockets } from "./socket-helpers";

/** One device login of a test user. */
export interface TestLogin {
  token: string;
  userId: string;
  username: string;
  deviceId: string;
  deviceName: string;
}

const PASSWORD = "correct horse battery";

/** A real hub on 127.0.0.1:<free port> with test-friendly short timers. */
export interface TestHub {
  hub: Hub;
  url: URL;
  /** fetch relative to the hub, with optional bearer token and JSON body. */
  request(
    path: string,
    init?: { method?: string; token?: string; body?: unknown; rawBody?: string },
  ): Promise<Response>;
  /** Registers a fresh random user; the returned token is bound to its first device. */
  registerUser(prefix?: string, deviceName?: string): Promise<TestLogin>;
  /** Logs an existing user in again: a new device with its own token. */
  login(username: string, deviceName?: string): Promise<TestLogin>;
  /** An MCP SDK client connected to /mcp with the user's token. */
  connectMcp(token: string, query?: string): Promise<Client>;
  /** Socket.IO devices on this hub; `close` disconnects them before anything else. */
  devices: DeviceSockets;
  close(): Promise<void>;
}

/** `deps` replaces infrastructure, e.g. a Redis-backed node (see support/cluster.ts). */
export async function startTestHub(
  overrides: Partial<HubConfig> = {},
  deps: HubOverrides = {},
): Promise<TestHub> {
  const hub = createHub(
    {
      ...DEFAULT_HUB_CONFIG,
      port: 0,
      heartbeatSeconds: 0.1,
      // A repeat made right after an answer arrived waits this out before it asks anew.
      deliveryConfirmSeconds: 0.3,
      ...overrides,
    },
    deps,
  );
  const url = await hub.listen();
  const devices = createDeviceSockets(url);
  const clients: Client[] = [];
  let userCount = 0;

  const request: TestHub["request"] = (path, init = {}) => {
    const headers: Record<string, string> = {};
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined || init.rawBody !== undefined)
      headers["content-type"] = "application/json";
    return fetch(new URL(path, url), {
      method:
        init.method ?? (init.body === undefined && init.rawBody === undefined ? "GET" : "POST"),
      headers,
      ...(init.rawBody !== undefined
        ? { body: init.rawBody }
        : init.body !== undefined
          ? { body: JSON.stringify(init.body) }
          : {}),
    });
  };

  async function authenticate(path: string, body: object): Promise<TestLogin> {
    const response = await request(path, { body });
    const auth = AuthResponseSchema.parse(await response.json());
    return {
      token: auth.token,
      userId: auth.user.id,
      username: auth.user.username,
      deviceId: auth.device.id,
      deviceName: auth.device.name,
    };
  }

  return {
    hub,
    url,
    request,
    registerUser(prefix = "user", deviceName) {
      userCount += 1;
      return authenticate("/api/auth/register", {
        username: `${prefix}${userCount}_${Date.now()}`,
        password: PASSWORD,
        ...(deviceName === undefined ? {} : { deviceName }),
      });
    },
    login(username, deviceName) {
      return authenticate("/api/auth/login", {
        username,
        password: PASSWORD,
        ...(deviceName === undefined ? {} : { deviceName }),
      });
    },
    async connectMcp(token, query = "") {
      const client = new Client({ name: "hub-test", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(`/mcp${query}`, url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    devices,
    async close() {
      devices.closeAll();
      await Promise.allSettled(clients.map((client) => client.close()));
      await hub.close();
    },
  };
}

/** Collects the inquiry metas of a call's progress notifications and lets tests await them. */
export function createProgressRecorder(): {
  onprogress: (progress: Progress) => void;
  metas: InquiryProgressMeta[];
  progressValues: number[];
  next(type: InquiryProgressMeta["type"]): Promise<InquiryProgressMeta>;
} {
  const metas: InquiryProgressMeta[] = [];
  const progressValues: number[] = [];
  const waiters: { type: string; resolve: (meta: InquiryProgressMeta) => void }[] = [];
  return {
    metas,
    progressValues,
    onprogress(progress) {
      progressValues.push(progress.progress);
      const meta = readProgressMeta(progress);
      if (meta === undefined) return;
      metas.push(meta);
      for (const waiter of waiters.filter((each) => each.type === meta.type)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(meta);
      }
    },
    next(type) {
      const seen = metas.find((meta) => meta.type === type);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ type, resolve }));
    },
  };
}

/** A tool call in flight whose inquiry has opened. */
export interface OpenedCall {
  call: ReturnType<Client["callTool"]>;
  progress: ReturnType<typeof createProgressRecorder>;
  /** The call's first progress meta: INQUIRY for send_inquiry, APPROVAL for a gated call. */
  opened: InquiryProgressMeta;
  inquiryId: string;
}

/**
 * Starts `params` with a progress recorder attached and resolves once its `opening` progress
 * notification arrived, leaving the call in flight; `options` go to `callTool` as they are.
 */
export async function callUntilOpened(
  client: Client,
  params: CallToolRequest["params"],
  opening: "INQUIRY" | "APPROVAL",
  options: RequestOptions = {},
): Promise<OpenedCall> {
  const progress = createProgressRecorder();
  const call = client.callTool(params, undefined, { onprogress: progress.onprogress, ...options });
  const opened = await progress.next(opening);
  return { call, progress, opened, inquiryId: opened.inquiryId };
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("waitFor timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The text of the first content item of a tool result. */
export function resultText(result: unknown): string {
  return (
    z
      .object({ content: z.array(z.object({ type: z.literal("text"), text: z.string() })).min(1) })
      .parse(result).content[0]?.text ?? ""
  );
}

/** A raw MCP `initialize` request, for tests that speak to the endpoint over plain HTTP. */
export const RAW_INITIALIZE_REQUEST = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw-http-test", version: "1" },
  },
};
