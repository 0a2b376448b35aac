import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, SocketHandshakeAuthSchema, SocketRefusalSchema } from "./socket-auth";

describe("PROTOCOL_VERSION", () => {
  it("is a positive integer, as the handshake schema demands", () => {
    expect(Number.isInteger(PROTOCOL_VERSION)).toBe(true);
    expect(PROTOCOL_VERSION).toBeGreaterThan(0);
  });
});

describe("SocketHandshakeAuthSchema", () => {
  it.each([
    { ticket: "t1", protocolVersion: PROTOCOL_VERSION },
    { token: "k1", protocolVersion: PROTOCOL_VERSION + 1 },
    { ticket: "t1" },
    { token: "k1", deviceName: "Ada's phone" },
  ])("accepts %j", (auth) => {
    expect(SocketHandshakeAuthSchema.parse(auth)).toEqual(auth);
  });

  it.each([
    { ticket: "t1", protocolVersion: "1" },
    { ticket: "t1", protocolVersion: 1.5 },
    { ticket: "t1", protocolVersion: 0 },
    { token: "k1", protocolVersion: -1 },
    { protocolVersion: PROTOCOL_VERSION },
  ])("refuses %j", (auth) => {
    expect(SocketHandshakeAuthSchema.safeParse(auth).success).toBe(false);
  });
});

describe("SocketRefusalSchema", () => {
  it("reads a version mismatch and a plain refusal", () => {
    expect(SocketRefusalSchema.parse({ code: "BAD_REQUEST", hubProtocolVersion: 2 })).toEqual({
      code: "BAD_REQUEST",
      hubProtocolVersion: 2,
    });
    expect(SocketRefusalSchema.parse({ code: "UNAUTHORIZED" })).toEqual({ code: "UNAUTHORIZED" });
  });

  it("refuses an unknown code", () => {
    expect(SocketRefusalSchema.safeParse({ code: "TEAPOT" }).success).toBe(false);
  });
});
