import { CreatedAgentKeySchema } from "@inquiry-hub/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_HUB_CONFIG } from "../../src/index";
import { callUntilOpened, createProgressRecorder, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { connectModernMcp } from "../support/modern-mcp-client";
import { gatedCall, startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";

/** The burst: 110 send_inquiry calls from one agent key, as fast as it can send them. */
const BURST = 110;
const PER_CREDENTIAL = DEFAULT_HUB_CONFIG.pendingInquiriesPerCredential;
/** Held calls one key may keep open in the held-calls attack (below the pending caps). */
const HELD_PER_CREDENTIAL = 3;

/** An agent key the person created; its secret is the agent's bearer token. */
interface AgentKey {
  id: string;
  token: string;
}

async function createAgentKey(hubUrl: URL, personToken: string, name: string): Promise<AgentKey> {
  const response = await fetch(new URL("/api/agent-keys", hubUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${personToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name, expiresInDays: 1 }),
  });
  expect(response.status).toBe(201);
  const created = CreatedAgentKeySchema.parse(await response.json());
  return { id: created.key.id, token: created.secret };
}

/** Held calls are left open until the hub closes; their closing rejection is expected. */
function leftHeld<T extends { call: Promise<unknown> }>(opened: T): T {
  opened.call.catch(() => undefined);
  return opened;
}

/** A tool call's outcome text when it ended, or undefined while it is still held. */
function settledText(call: Promise<unknown>): { text: () => string | undefined } {
  let text: string | undefined;
  call.then(
    (result) => (text = resultText(result)),
    (error: unknown) => (text = `rejected: ${String(error)}`),
  );
  return { text: () => text };
}

describe("red team: one agent key cannot block the person's other agents or flood their devices", () => {
  let hub: TestHub | undefined;
  let proxy: ProxyHarness | undefined;
  const legacyClients: Client[] = [];

  afterEach(async () => {
    await Promise.allSettled(legacyClients.splice(0).map((client) => client.close()));
    await hub?.close();
    await proxy?.close();
    hub = proxy = undefined;
  });

  /** A 2025-era SDK client with its own session on `/mcp`, closed after the test. */
  async function connectLegacy(hubUrl: URL, token: string): Promise<Client> {
    const client = new Client({ name: "red-team-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", hubUrl), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    legacyClients.push(client);
    return client;
  }

  it(`${BURST} send_inquiry calls from key A stop at the per-credential cap; key B still asks and the phone got at most the cap from A`, async () => {
    hub = await startTestHub();
    const person = await hub.registerUser("owner", "phone");
    const phone = await hub.devices.connect({ token: person.token });
    const keyA = await createAgentKey(hub.url, person.token, "flooding agent");
    const keyB = await createAgentKey(hub.url, person.token, "other agent");
    const agentA = await hub.connectMcp(keyA.token);
    const agentB = await hub.connectMcp(keyB.token);

    const burst = Array.from({ length: BURST }, (_, index) =>
      settledText(
        agentA.callTool(
          { name: "send_inquiry", arguments: { prompt: `Question ${index}?` } },
          undefined,
          { timeout: 120_000 },
        ),
      ),
    );
    const refusals = (): string[] =>
      burst.map((each) => each.text()).filter((text): text is string => text !== undefined);
    await expect.poll(() => refusals().length, { timeout: 30_000 }).toBe(BURST - PER_CREDENTIAL);
    for (const text of refusals())
      expect(text).toBe(
        `RATE_LIMITED: pending inquiries cap reached: at most ${PER_CREDENTIAL} pending per credential (this agent key or device); wait for answers or cancel some first`,
      );

    const asked = leftHeld(
      await callUntilOpened(
        agentB,
        { name: "send_inquiry", arguments: { prompt: "May I deploy?" } },
        "INQUIRY",
      ),
    );
    await expect.poll(() => phone.created.some((card) => card.id === asked.inquiryId)).toBe(true);
    const fromA = phone.created.filter((card) => card.askedByCredentialId === keyA.id);
    expect(fromA.length).toBeLessThanOrEqual(PER_CREDENTIAL);
  });

  it("key A holding its cap of calls on /mcp (both generations) and the proxy is refused the next one, nothing asked; key B still asks", async () => {
    proxy = await startProxyHarness(
      { write_file: { description: "Write {args.path}?" } },
      { heldCallCaps: { perCredential: HELD_PER_CREDENTIAL, perUser: 10 } },
    );
    const personToken = await proxy.registerUser();
    const phone = await proxy.devices.connect({ token: personToken });
    const keyA = await createAgentKey(proxy.hubUrl, personToken, "holding agent");
    const keyB = await createAgentKey(proxy.hubUrl, personToken, "other agent");
    const legacyA = await connectLegacy(proxy.hubUrl, keyA.token);
    const modernA = await connectModernMcp([proxy.hubUrl], keyA.token);
    const proxyA = await proxy.connectAgent(keyA.token);

    leftHeld(await callUntilOpened(legacyA, ask("one"), "INQUIRY"));
    const modernProgress = createProgressRecorder();
    void modernA.client
      .callTool(ask("two"), { onprogress: modernProgress.onprogress })
      .catch(() => undefined);
    await modernProgress.next("INQUIRY");
    leftHeld(await gatedCall(proxyA, "write_file", { path: "a.txt", content: "three" }));
    await expect.poll(() => phone.created.length).toBe(HELD_PER_CREDENTIAL);

    const heldCap = `RATE_LIMITED: held calls cap reached: at most ${HELD_PER_CREDENTIAL} calls waiting for a person per credential; nothing was asked. Wait for an answer, or cancel a waiting call, then call again`;
    expect(resultText(await legacyA.callTool(ask("four")))).toBe(heldCap);
    expect(resultText(await modernA.client.callTool(ask("five")))).toBe(heldCap);
    expect(
      resultText(
        await proxyA.callTool({
          name: "write_file",
          arguments: { path: "b.txt", content: "six" },
        }),
      ),
    ).toBe(heldCap);

    const agentB = await proxy.connectAgent(keyB.token);
    const asked = leftHeld(
      await gatedCall(agentB, "write_file", { path: "c.txt", content: "from B" }),
    );
    await expect.poll(() => phone.created.some((card) => card.id === asked.inquiryId)).toBe(true);
    expect(phone.created).toHaveLength(HELD_PER_CREDENTIAL + 1);
  });
});

function ask(prompt: string): { name: string; arguments: { prompt: string } } {
  return { name: "send_inquiry", arguments: { prompt } };
}
