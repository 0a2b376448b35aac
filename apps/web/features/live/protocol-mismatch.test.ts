import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "@inquiry-hub/protocol";
import { protocolMismatchOf } from "./protocol-mismatch";

function connectError(data?: unknown): Error {
  return data === undefined
    ? new Error("xhr poll error")
    : Object.assign(new Error("refused"), { data });
}

describe("protocolMismatchOf", () => {
  it("reads the hub's version from a version refusal", () => {
    const error = connectError({ code: "BAD_REQUEST", hubProtocolVersion: PROTOCOL_VERSION + 1 });
    expect(protocolMismatchOf(error)).toEqual({
      page: PROTOCOL_VERSION,
      hub: PROTOCOL_VERSION + 1,
    });
  });

  it.each([
    ["a refused credential", connectError({ code: "UNAUTHORIZED" })],
    ["bad input", connectError({ code: "BAD_REQUEST" })],
    ["a transport failure", connectError()],
    ["malformed data", connectError({ code: "BAD_REQUEST", hubProtocolVersion: "2" })],
  ])("ignores %s", (_name, error) => {
    expect(protocolMismatchOf(error)).toBeUndefined();
  });
});
