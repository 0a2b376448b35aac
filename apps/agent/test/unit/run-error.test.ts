import { describe, expect, it } from "vitest";
import { UpstreamModelError } from "../../src/llm/upstream-error";
import { StepLimitError } from "../../src/loop/run-tool-loop";
import { McpConnectError } from "../../src/loop/tool-box";
import { toConnectError, toRunError } from "../../src/loop/run-error";

describe("toConnectError", () => {
  it.each([401, 403])("tells the client its bearer was refused when the hub says %i", (status) => {
    const thrown = new McpConnectError("Could not connect to the hub MCP server: 401", status);
    const error = toConnectError(thrown);
    expect(error).toMatchObject({
      status: 401,
      type: "authentication_error",
      code: "invalid_api_key",
      message: "The hub rejected the bearer token; log in again.",
    });
    expect(error.cause).toBe(thrown);
  });

  it("calls any other failure an unavailable upstream, with its message", () => {
    const thrown = new McpConnectError("Could not connect to the hub MCP server: 500", 500);
    expect(toConnectError(thrown)).toMatchObject({
      status: 502,
      type: "api_error",
      code: "upstream_unavailable",
      message: thrown.message,
    });
    expect(toConnectError(new TypeError("fetch failed"))).toMatchObject({
      code: "upstream_unavailable",
      message: "fetch failed",
    });
  });
});

describe("toRunError", () => {
  it("keeps an upstream model failure's code and status", () => {
    const thrown = new UpstreamModelError("upstream_timeout", 'upstream model "m": timed out');
    expect(toRunError(thrown)).toBe(thrown);
    expect(toRunError(thrown).status).toBe(504);
  });

  it("answers any other failure as run_failed with its message", () => {
    expect(toRunError(new StepLimitError("stopped after 8 steps"))).toMatchObject({
      status: 502,
      type: "api_error",
      code: "run_failed",
      message: "stopped after 8 steps",
    });
  });
});
