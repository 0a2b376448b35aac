import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import {
  describeUpstreamFailure,
  isConnectionClosed,
  isUpstreamProtocolError,
} from "./upstream-connection";

describe("upstream failures", () => {
  it("names the SDK's own give-ups, which are not the upstream's answers", () => {
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, "Request timed out");
    const closed = new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed");
    expect(describeUpstreamFailure(timeout)).toBe("no response before the proxy's deadline");
    expect(describeUpstreamFailure(closed)).toBe("the connection closed");
    expect(isConnectionClosed(closed)).toBe(true);
    expect(isConnectionClosed(timeout)).toBe(false);
    expect(isUpstreamProtocolError(timeout)).toBe(false);
    expect(isUpstreamProtocolError(closed)).toBe(false);
  });

  it("passes the upstream's JSON-RPC errors through and names fetch failures' causes", () => {
    expect(isUpstreamProtocolError(new ProtocolError(-32602, "bad arguments"))).toBe(true);
    const refused = new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    expect(describeUpstreamFailure(refused)).toBe("fetch failed (ECONNREFUSED)");
    const probe = new Error("Version negotiation probe failed: fetch failed", { cause: refused });
    expect(describeUpstreamFailure(probe)).toBe("fetch failed (ECONNREFUSED)");
    expect(describeUpstreamFailure(new Error("refused"))).toBe("refused");
  });
});
