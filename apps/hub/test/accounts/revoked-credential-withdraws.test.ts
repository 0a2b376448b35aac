import { CreatedAgentKeySchema, HUB_TOOL_NAMES, IDEMPOTENCY_META_KEY } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProgressRecorder, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import { connectModernMcp } from "../support/modern-mcp-client";

/**
 * A keyed send_inquiry survives its caller's connection (the retry may come), so only the
 * credential's revocation can say no retry will: the hub then withdraws what it asked.
 */
describe("revoking an agent key withdraws the questions it asked", () => {
  let hub: TestHub;
  let owner: TestLogin;

  beforeEach(async () => {
    hub = await startTestHub();
    owner = await hub.registerUser("revoker");
  });
  afterEach(() => hub.close());

  async function createAgentKey(name: string) {
    const response = await hub.request("/api/agent-keys", { token: owner.token, body: { name } });
    expect(response.status).toBe(201);
    return CreatedAgentKeySchema.parse(await response.json());
  }

  /** A 2026-07-28 client's keyed call, held until its inquiry opened, then its connection dropped. */
  async function askKeyedThenDrop(token: string, key: string): Promise<string> {
    const { client } = await connectModernMcp([hub.url], token);
    const progress = createProgressRecorder();
    const call = client.callTool(
      {
        name: HUB_TOOL_NAMES.sendInquiry,
        arguments: { prompt: `Question of ${key}?` },
        _meta: { [IDEMPOTENCY_META_KEY]: key },
      },
      { onprogress: progress.onprogress },
    );
    const opened = await progress.next("INQUIRY");
    await drop(client, call);
    return opened.inquiryId;
  }

  /** Ends the client as a crash would: no cancel, its HTTP exchanges just close. */
  async function drop(client: Client, call: Promise<unknown>): Promise<void> {
    await client.close();
    await call.catch(() => undefined);
  }

  it("sends inquiry:withdrawn `cancelled` to every device and leaves other credentials' questions", async () => {
    const phone = await hub.devices.connect({ token: owner.token });
    const laptopLogin = await hub.login(owner.username, "laptop");
    const laptop = await hub.devices.connect({ token: laptopLogin.token });
    const revoked = await createAgentKey("nightly");
    const kept = await createAgentKey("weekly");
    const keptQuestion = await askKeyedThenDrop(kept.secret, "weekly:call-1");
    const revokedQuestion = await askKeyedThenDrop(revoked.secret, "nightly:call-1");

    const onPhone = nextEvent(phone.socket, "inquiry:withdrawn");
    const onLaptop = nextEvent(laptop.socket, "inquiry:withdrawn");
    const response = await hub.request(`/api/agent-keys/${revoked.key.id}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(response.status).toBe(200);
    for (const withdrawn of await Promise.all([onPhone, onLaptop]))
      expect(withdrawn).toMatchObject({ inquiryId: revokedQuestion, status: "cancelled" });
    expect((await hub.hub.inquiries.get(owner.userId, revokedQuestion)).status).toBe("cancelled");

    expect(phone.withdrawn.map((each) => each.inquiryId)).toEqual([revokedQuestion]);
    const ack = await answerOver(phone.socket, { inquiryId: keptQuestion, response: "Yes" });
    expect(ack, "the other key's dropped question stayed pending").toMatchObject({
      data: { status: "answered" },
    });
  });
});
