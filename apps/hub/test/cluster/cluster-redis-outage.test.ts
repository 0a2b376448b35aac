import { randomUUID } from "node:crypto";
import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { callUntilOpened, resultText } from "../helpers";
import { useTestCluster } from "../support/cluster-suite";
import { answerOver } from "../socket-helpers";

/** How soon after Redis is back a node must serve again. */
const RECOVERY_MS = 5_000;

/**
 * Redis goes away under two running nodes and comes back empty (the test server keeps no
 * data). While it is gone every transport fails clearly (HTTP 503, socket ack UNAVAILABLE,
 * MCP tool error) and nothing crashes; once it is back, both nodes serve and hear each other
 * again without a restart.
 */
describe("Redis restarted under two nodes", () => {
  const cluster = useTestCluster({ name: "outage", leaseSeconds: 3 }, { heartbeatSeconds: 30 });

  it("answers 503 / UNAVAILABLE while Redis is down and serves across nodes once it returns", async () => {
    const { nodeA, nodeB } = cluster();
    const owner = await nodeA.registerUser("outage", "desk");
    const phone = await nodeB.login(owner.username, "phone");
    const device = await nodeB.devices.connect({ token: phone.token });
    const client = await nodeA.connectMcp(owner.token);

    await cluster().redis.stop();
    const listed = await nodeA.request("/api/inquiries", { token: owner.token });
    expect(listed.status).toBe(503);
    const { error } = ApiErrorBodySchema.parse(await listed.json());
    expect(error.code).toBe("UNAVAILABLE");
    expect(error.message).toMatch(/unavailable/);
    const login = await nodeB.request("/api/auth/login", {
      body: { username: owner.username, password: "correct horse battery" },
    });
    expect(login.status).toBe(503);
    expect(
      await answerOver(device.socket, { inquiryId: randomUUID(), response: "x" }),
    ).toMatchObject({ error: { code: "UNAVAILABLE" } });
    // Every MCP request is authenticated against Redis first, so the call fails at the HTTP
    // level (503 with the UNAVAILABLE body), which the SDK client reports as an error.
    await expect(
      client.callTool({ name: "send_inquiry", arguments: { prompt: "Anyone?" } }),
    ).rejects.toThrow(/UNAVAILABLE/);

    await cluster().redis.start();
    const returnedAt = Date.now();
    await expect
      .poll(
        () =>
          nodeA.registerUser("back").then(
            (login) => login,
            () => undefined,
          ),
        { timeout: RECOVERY_MS, interval: 100 },
      )
      .toBeDefined();
    const recoveredMs = Date.now() - returnedAt;
    console.info(`nodes served again ${recoveredMs} ms after Redis returned`);
    expect(recoveredMs).toBeLessThan(RECOVERY_MS);

    const back = await nodeA.registerUser("resumed", "desk");
    const backPhone = await nodeB.login(back.username, "phone");
    const backDevice = await nodeB.devices.connect({ token: backPhone.token });
    const backClient = await nodeA.connectMcp(back.token);
    const { call, opened } = await callUntilOpened(
      backClient,
      { name: "send_inquiry", arguments: { prompt: "Still there?" } },
      "INQUIRY",
    );
    await expect.poll(() => backDevice.created.length).toBe(1);
    expect(
      await answerOver(backDevice.socket, { inquiryId: opened.inquiryId, response: "Yes" }),
    ).toMatchObject({ data: { status: "answered" } });
    expect(resultText(await call)).toBe("Yes");
    await expect.poll(() => backDevice.withdrawn.length).toBe(1);
  }, 30_000);
});
