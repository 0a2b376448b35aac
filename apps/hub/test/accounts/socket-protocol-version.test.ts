import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, SocketTicketSchema } from "@inquiry-hub/protocol";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

describe("socket protocol version", () => {
  let hub: TestHub;
  let login: TestLogin;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.close());
  beforeEach(async () => {
    login = await hub.registerUser("version", "Browser tab");
  });
  afterEach(() => hub.devices.closeAll());

  async function freshTicket(): Promise<string> {
    const issued = await hub.request("/api/socket-ticket", { token: login.token, method: "POST" });
    expect(issued.status).toBe(201);
    return SocketTicketSchema.parse(await issued.json()).ticket;
  }

  it("admits a client speaking the hub's version", async () => {
    const device = await hub.devices.connect({
      ticket: await freshTicket(),
      protocolVersion: PROTOCOL_VERSION,
    });
    expect(device.socket.connected).toBe(true);
  });

  it("refuses another version, naming both and the fix, without spending the ticket", async () => {
    const ticket = await freshTicket();
    const newer = PROTOCOL_VERSION + 1;
    const refused = await hub.devices.refused({ ticket, protocolVersion: newer });
    expect(refused.message).toBe(
      `socket protocol version ${newer} is not supported: this hub speaks version ` +
        `${PROTOCOL_VERSION}. Reload the page to get a matching client.`,
    );
    expect(refused.data).toEqual({ code: "BAD_REQUEST", hubProtocolVersion: PROTOCOL_VERSION });

    const tokenRefusal = await hub.devices.refused({ token: login.token, protocolVersion: newer });
    expect(tokenRefusal.data).toEqual({
      code: "BAD_REQUEST",
      hubProtocolVersion: PROTOCOL_VERSION,
    });

    const device = await hub.devices.connect({ ticket, protocolVersion: PROTOCOL_VERSION });
    expect(device.socket.connected).toBe(true);
  });

  it("admits a client sending no version (older clients, tests, the bench)", async () => {
    const byTicket = await hub.devices.connect({ ticket: await freshTicket() });
    const byToken = await hub.devices.connect({ token: login.token });
    expect([byTicket.socket.connected, byToken.socket.connected]).toEqual([true, true]);
  });

  it("refuses a malformed version as bad input, not as a mismatch", async () => {
    const refused = await hub.devices.refused({ token: login.token, protocolVersion: "1" });
    expect(refused.message).toMatch(/^auth: /);
    expect(refused.data).toEqual({ code: "BAD_REQUEST" });
  });
});
