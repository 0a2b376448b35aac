import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { describe, expect, it } from "vitest";
import { toUpstreamModelError } from "./upstream-error";

function apiError(status: number, message: string, headers: Record<string, string> = {}) {
  return APIError.generate(status, { error: { message } }, undefined, new Headers(headers));
}

describe("toUpstreamModelError", () => {
  it.each([
    [429, "upstream_rate_limited", 429],
    [401, "upstream_auth_failed", 502],
    [403, "upstream_auth_failed", 502],
    [400, "upstream_rejected", 502],
    [404, "upstream_rejected", 502],
    [500, "upstream_server_error", 502],
    [503, "upstream_server_error", 502],
  ])("maps an upstream %i to %s, answered with %i", (status, code, answered) => {
    const error = toUpstreamModelError(apiError(status, "nope"), "gpt-test", "request");
    expect(error).toMatchObject({ code, status: answered });
    expect(error.message).toMatch(new RegExp(`^upstream model "gpt-test": ${status} nope`));
  });

  it("passes the upstream's Retry-After on with a 429", () => {
    const error = toUpstreamModelError(
      apiError(429, "slow down", { "retry-after": "7" }),
      "gpt-test",
      "request",
    );
    expect(error.retryAfter).toBe("7");
  });

  it("tells the operator which key to check on a 401", () => {
    const error = toUpstreamModelError(apiError(401, "bad key"), "gpt-test", "request");
    expect(error.message).toMatch(/OPENAI_API_KEY/);
  });

  it("names connection failures and timeouts", () => {
    const refused = new APIConnectionError({ cause: new Error("connect ECONNREFUSED") });
    expect(toUpstreamModelError(refused, "m", "request")).toMatchObject({
      code: "upstream_unreachable",
      message: 'upstream model "m": could not connect (connect ECONNREFUSED)',
    });
    expect(toUpstreamModelError(new APIConnectionTimeoutError(), "m", "request")).toMatchObject({
      code: "upstream_timeout",
      status: 504,
    });
  });

  it("calls a plain error while reading the body a broken stream", () => {
    expect(toUpstreamModelError(new TypeError("terminated"), "m", "stream")).toMatchObject({
      code: "upstream_stream_broken",
      message: 'upstream model "m": the stream broke off (terminated)',
    });
  });
});
