import { AuthResponseSchema, PairingCodeSchema } from "@inquiry-hub/protocol";
import { postJson } from "@inquiry-hub/test-kit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import type { DeviceSpec } from "../load/worker-messages";

const PASSWORD = "bench horse battery staple";

/** A benchmark user and the bearer tokens of its devices (index 0 is the registering one). */
export interface BenchUser {
  userId: string;
  tokens: string[];
}

let userCount = 0;

/**
 * Registers a user with `deviceCount` devices through the public API. Extra devices come from
 * pairing codes rather than logins: a login costs a scrypt hash (tens of ms), pairing does not,
 * and both create the same kind of device with its own token.
 */
export async function createBenchUser(hubUrl: URL, deviceCount: number): Promise<BenchUser> {
  userCount += 1;
  const registered = AuthResponseSchema.parse(
    await postJson(new URL("/api/auth/register", hubUrl), {
      username: `bench${userCount}_${process.pid}`,
      password: PASSWORD,
      deviceName: "bench device 0",
    }),
  );
  const tokens = [registered.token];
  while (tokens.length < deviceCount) {
    const { code } = PairingCodeSchema.parse(
      await postJson(new URL("/api/pairing", hubUrl), {}, registered.token),
    );
    const claimed = AuthResponseSchema.parse(
      await postJson(new URL("/api/pairing/claim", hubUrl), {
        code,
        deviceName: `bench device ${tokens.length}`,
      }),
    );
    tokens.push(claimed.token);
  }
  return { userId: registered.user.id, tokens };
}

/** Creates users in parallel batches (bounded, so setup does not swamp the hub). */
export async function createBenchUsers(
  hubUrl: URL,
  userCount: number,
  devicesPerUser: number,
): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  const batch = 8;
  for (let start = 0; start < userCount; start += batch) {
    const size = Math.min(batch, userCount - start);
    users.push(
      ...(await Promise.all(
        Array.from({ length: size }, () => createBenchUser(hubUrl, devicesPerUser)),
      )),
    );
  }
  return users;
}

/**
 * The users' devices as worker specs (hub handshake auth `{token}`). With several hub nodes a
 * user's devices are dealt round-robin over them, as a load balancer would spread them.
 */
export function hubDeviceSpecs(users: BenchUser[], hubUrls: URL[]): DeviceSpec[] {
  return users.flatMap((user) =>
    user.tokens.map((token, index) => ({
      url: hubUrls[index % hubUrls.length]!.origin,
      auth: { token },
      userId: user.userId,
    })),
  );
}

/** An official MCP SDK client at its defaults on the server's /mcp, with `requestInit`. */
export async function connectMcpAt(serverUrl: URL, requestInit: RequestInit = {}): Promise<Client> {
  const client = new Client({ name: "inquiry-hub-bench", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", serverUrl), { requestInit }),
  );
  return client;
}

/** An official MCP SDK client on the hub's /mcp with the user's bearer token. */
export function connectMcp(hubUrl: URL, token: string): Promise<Client> {
  return connectMcpAt(hubUrl, { headers: { Authorization: `Bearer ${token}` } });
}

/** Answers an inquiry over HTTP with a device's token, as the web inbox does. */
export async function answerOverHttp(hubUrl: URL, token: string, inquiryId: string): Promise<void> {
  await postJson(
    new URL(`/api/inquiries/${inquiryId}/answer`, hubUrl),
    { action: "answer", response: `answer-${inquiryId}` },
    token,
  );
}

const TextResultSchema = z.object({
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })),
});

/** The text of a tool result's first content item; "" when it has none. */
export function resultText(result: unknown): string {
  const parsed = TextResultSchema.safeParse(result);
  return parsed.success ? (parsed.data.content[0]?.text ?? "") : "";
}
