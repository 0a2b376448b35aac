import { describe, expect, it } from "vitest";
import { AGENT_ERRORS } from "./error-codes";
import type { AgentErrorCode, AgentErrorSpec, OpenAiErrorType } from "./error-codes";

const entries = Object.entries(AGENT_ERRORS) as [AgentErrorCode, AgentErrorSpec][];

/** The OpenAI `type` each status implies; the `openai` client picks its exception class by status. */
function typeForStatus(status: number): OpenAiErrorType {
  if (status === 401) return "authentication_error";
  if (status === 404) return "not_found_error";
  if (status === 429) return "rate_limit_error";
  return status >= 500 ? "api_error" : "invalid_request_error";
}

describe("AGENT_ERRORS", () => {
  it.each(entries)("%s has an error status and the type that status implies", (_code, spec) => {
    expect(spec.status).toBeGreaterThanOrEqual(400);
    expect(spec.status).toBeLessThan(600);
    expect(spec.type).toBe(typeForStatus(spec.status));
    expect(spec.message.trim()).not.toBe("");
  });

  it("sends a null code only for express's client errors and internal errors", () => {
    const withoutCode = entries
      .filter(([, spec]) => spec.sendsCode === false)
      .map(([code]) => code);
    expect(withoutCode).toEqual(["bad_request", "internal"]);
  });

  it("never answers an upstream model failure with a 401, which would log the person out", () => {
    const upstream = entries.filter(([code]) => code.startsWith("upstream_"));
    expect(upstream.map(([, spec]) => spec.status)).not.toContain(401);
    expect(AGENT_ERRORS.upstream_auth_failed.status).toBe(502);
  });
});
