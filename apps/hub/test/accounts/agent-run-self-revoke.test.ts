import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentRunCredentialSchema, CreatedAgentKeySchema } from "@inquiry-hub/protocol";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

/** `DELETE /api/agent-runs/self`: a run credential ends itself, and nothing else can use it. */
describe("run credential self-revocation", () => {
  let hub: TestHub;
  let owner: TestLogin;

  beforeAll(async () => {
    hub = await startTestHub();
    owner = await hub.registerUser("self-revoke");
  });
  afterAll(() => hub.close());

  async function mintRun(): Promise<string> {
    const response = await hub.request("/api/agent-runs", { token: owner.token, body: {} });
    expect(response.status).toBe(201);
    return AgentRunCredentialSchema.parse(await response.json()).token;
  }

  it("revokes the calling run credential with 204, after which it is refused", async () => {
    const run = await mintRun();
    const other = await mintRun();
    expect((await hub.request("/api/inquiries", { token: run })).status).toBe(200);
    const revoked = await hub.request("/api/agent-runs/self", { method: "DELETE", token: run });
    expect(revoked.status).toBe(204);
    expect((await hub.request("/api/inquiries", { token: run })).status).toBe(401);
    expect((await hub.request("/api/inquiries", { token: other })).status, "only itself").toBe(200);
  });

  it("refuses a device and an agent key with 403", async () => {
    const device = await hub.request("/api/agent-runs/self", {
      method: "DELETE",
      token: owner.token,
    });
    expect(device.status).toBe(403);
    expect((await hub.request("/api/inquiries", { token: owner.token })).status).toBe(200);

    const created = await hub.request("/api/agent-keys", {
      token: owner.token,
      body: { name: "ci" },
    });
    const key = CreatedAgentKeySchema.parse(await created.json()).secret;
    const byKey = await hub.request("/api/agent-runs/self", { method: "DELETE", token: key });
    expect(byKey.status).toBe(403);
    expect((await hub.request("/api/inquiries", { token: key })).status).toBe(200);
  });
});
