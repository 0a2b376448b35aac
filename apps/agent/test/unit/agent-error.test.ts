import { describe, expect, it } from "vitest";
import { UpstreamModelError } from "../../src/llm/upstream-error";
import { AgentError, toAgentError } from "../../src/errors/agent-error";

describe("AgentError", () => {
  it("takes status, type and default message from the table", () => {
    const error = new AgentError("missing_api_key");
    expect(error).toMatchObject({
      code: "missing_api_key",
      wireCode: "missing_api_key",
      status: 401,
      type: "authentication_error",
      message: "Missing bearer token: send `Authorization: Bearer <user token>`.",
      retryAfter: undefined,
    });
    expect("cause" in error).toBe(false);
  });

  it("lets a bad request keep express's status and sends no code", () => {
    const error = new AgentError("bad_request", "request entity too large", { status: 413 });
    expect(error).toMatchObject({ status: 413, type: "invalid_request_error", wireCode: null });
  });

  it("is what an upstream model failure is, with the table's status and the Retry-After", () => {
    const error = new UpstreamModelError("upstream_rate_limited", "slow down", "7");
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({
      name: "UpstreamModelError",
      status: 429,
      type: "rate_limit_error",
      wireCode: "upstream_rate_limited",
      retryAfter: "7",
    });
  });
});

describe("toAgentError", () => {
  it("keeps an AgentError as it is", () => {
    const error = new UpstreamModelError("upstream_timeout", "late");
    expect(toAgentError(error, "run_failed")).toBe(error);
    expect(toAgentError(error)).toBe(error);
  });

  it("hides anything else behind a generic internal error, keeping it as the cause", () => {
    const thrown = new Error("secret path /etc/agent");
    const error = toAgentError(thrown);
    expect(error).toMatchObject({ code: "internal", status: 500, message: "Internal error" });
    expect(error.wireCode).toBeNull();
    expect(error.cause).toBe(thrown);
  });

  it("gives anything else the fallback code with its own message", () => {
    expect(toAgentError(new Error("stopped after 8 steps"), "run_failed")).toMatchObject({
      code: "run_failed",
      status: 502,
      type: "api_error",
      message: "stopped after 8 steps",
    });
    expect(toAgentError("plain text", "upstream_unavailable").message).toBe("plain text");
  });
});
