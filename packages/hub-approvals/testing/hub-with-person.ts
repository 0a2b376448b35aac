import { AuthResponseSchema, CreatedAgentKeySchema } from "@inquiry-hub/protocol";
import { DEFAULT_HUB_CONFIG, createHub } from "@inquiry-hub/hub";
import type { HubConfig } from "@inquiry-hub/hub";
import { connectApprovingPhone } from "./approving-phone";
import type { ApprovingPhone } from "./approving-phone";

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

async function postJson(url: URL, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${url.pathname} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Starts the hub in this process on its embedded defaults, registers a person from a phone
 * named "Pixel 7" and creates an agent key for the framework under test. `config` shortens
 * timers, e.g. `{ inquiryTimeoutSeconds: 1 }` for a timeout test.
 */
export async function startHubWithPerson(config: Partial<HubConfig> = {}): Promise<HubWithPerson> {
  const hub = createHub({ ...DEFAULT_HUB_CONFIG, port: 0, heartbeatSeconds: 0.2, ...config });
  const hubUrl = await hub.listen();
  try {
    const registered = AuthResponseSchema.parse(
      await postJson(new URL("/api/auth/register", hubUrl), {
        username: `person_${Date.now()}_${Math.floor(Math.random() * 1e6)}`,
        password: "correct horse battery",
        deviceName: "Pixel 7",
      }),
    );
    const key = CreatedAgentKeySchema.parse(
      await postJson(
        new URL("/api/agent-keys", hubUrl),
        { name: "framework bridge" },
        registered.token,
      ),
    );
    const phone = await connectApprovingPhone(hubUrl, registered.token);
    return {
      hubUrl,
      mcpUrl: new URL("/mcp", hubUrl),
      agentKey: key.secret,
      phone,
      async close() {
        phone.close();
        await hub.close();
      },
    };
  } catch (error) {
    await hub.close();
    throw error;
  }
}
