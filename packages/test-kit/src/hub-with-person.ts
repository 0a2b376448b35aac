import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { AuthResponseSchema, CreatedAgentKeySchema } from "@inquiry-hub/protocol/hub-http";
import { connectApprovingPhone } from "./approving-phone";
import type { ApprovingPhone } from "./approving-phone";
import { startHubProcess } from "./hub-process";
import { postJson } from "./post-json";

/** A real hub on a free loopback port with one person, their phone and an agent key. */
export interface HubWithPerson {
  hubUrl: URL;
  /** The hub's MCP endpoint, what a bridge connects to. */
  mcpUrl: URL;
  /** An agent key the person created, as a bridge is configured with. */
  agentKey: string;
  /** The person's phone, connected over Socket.IO with its own device token. */
  phone: ApprovingPhone;
  close(): Promise<void>;
}

/** What a test sets on the hub, e.g. `{ inquiryTimeoutSeconds: 1 }` for a timeout test. */
export interface HubWithPersonOptions {
  /** HUB_INQUIRY_TIMEOUT_SECONDS: when a card's client auto-reply deadline passes. */
  inquiryTimeoutSeconds?: number;
  /** HUB_TIMEOUT_GRACE_SECONDS: how long the hub waits past that deadline before its backstop. */
  timeoutGraceSeconds?: number;
  /** The approval proxy's configuration as its JSON file holds it (PROXY_CONFIG_PATH). */
  proxyConfig?: unknown;
}

/** Writes the proxy configuration where the hub reads it; resolves with its variables. */
async function proxyEnv(
  proxyConfig: unknown,
): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  if (proxyConfig === undefined) return { env: {}, remove: async () => {} };
  const dir = await mkdtemp(path.join(tmpdir(), "test-kit-proxy-"));
  const file = path.join(dir, "proxy.json");
  await writeFile(file, JSON.stringify(proxyConfig));
  return {
    env: { PROXY_CONFIG_PATH: file },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Starts the hub (`startHubProcess`, in-memory stores, 0.2 s heartbeats), registers a person
 * from a phone named "Pixel 7" and creates an agent key for the framework under test.
 */
export async function startHubWithPerson(
  options: HubWithPersonOptions = {},
): Promise<HubWithPerson> {
  const proxy = await proxyEnv(options.proxyConfig);
  const hub = await startHubProcess({
    HUB_STORE: "memory",
    HUB_HEARTBEAT_SECONDS: "0.2",
    ...(options.inquiryTimeoutSeconds === undefined
      ? {}
      : { HUB_INQUIRY_TIMEOUT_SECONDS: String(options.inquiryTimeoutSeconds) }),
    ...(options.timeoutGraceSeconds === undefined
      ? {}
      : { HUB_TIMEOUT_GRACE_SECONDS: String(options.timeoutGraceSeconds) }),
    ...proxy.env,
  }).catch(async (error: unknown) => {
    await proxy.remove();
    throw error;
  });
  const stop = async (): Promise<void> => {
    await hub.stop();
    await proxy.remove();
  };
  try {
    const registered = AuthResponseSchema.parse(
      await postJson(new URL("/api/auth/register", hub.url), {
        username: `person_${Date.now()}_${Math.floor(Math.random() * 1e6)}`,
        password: "correct horse battery",
        deviceName: "Pixel 7",
      }),
    );
    const key = CreatedAgentKeySchema.parse(
      await postJson(
        new URL("/api/agent-keys", hub.url),
        { name: "framework bridge" },
        registered.token,
      ),
    );
    const phone = await connectApprovingPhone(hub.url, registered.token);
    return {
      hubUrl: hub.url,
      mcpUrl: new URL("/mcp", hub.url),
      agentKey: key.secret,
      phone,
      async close() {
        phone.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The hub with a person, and a framework bridge connected to it with the person's key. */
export interface HubWithBridge<Approvals> extends HubWithPerson {
  /** What the bridge's `connect…` function opened; closed before the hub. */
  approvals: Approvals;
}

/**
 * `startHubWithPerson`, then `connect` (a bridge's `connect…` function) with the hub's MCP
 * endpoint and the person's agent key: the setup of every bridge test that asks on a phone.
 */
export async function startHubWithBridge<Approvals extends { close(): Promise<void> }>(
  connect: (hub: { mcpUrl: URL; agentKey: string }) => Promise<Approvals>,
  options: HubWithPersonOptions = {},
): Promise<HubWithBridge<Approvals>> {
  const hub = await startHubWithPerson(options);
  const approvals = await connect({ mcpUrl: hub.mcpUrl, agentKey: hub.agentKey }).catch(
    async (error: unknown) => {
      await hub.close();
      throw error;
    },
  );
  return {
    ...hub,
    approvals,
    async close() {
      await approvals.close();
      await hub.close();
    },
  };
}
