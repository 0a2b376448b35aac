import { describe, expect, it } from "vitest";
import { AgentError } from "../../src/errors/agent-error";
import { UpstreamModelError } from "../../src/llm/upstream-error";
import { toOpenAiErrorBody, toStreamErrorEvent } from "../../src/errors/openai-error-body";

describe("toOpenAiErrorBody", () => {
  it("writes OpenAI's shape with the table's type and the code", () => {
    expect(toOpenAiErrorBody(new AgentError("not_found"))).toEqual({
      error: { message: "Unknown route.", type: "not_found_error", param: null, code: "not_found" },
    });
  });

  it("writes a null code where the table sends none", () => {
    expect(toOpenAiErrorBody(new AgentError("internal"))).toEqual({
      error: { message: "Internal error", type: "api_error", param: null, code: null },
    });
  });
});

describe("toStreamErrorEvent", () => {
  it("is always an api_error without param, even for a rate limit", () => {
    const error = new UpstreamModelError("upstream_rate_limited", 'upstream model "m": 429 slow');
    expect(toStreamErrorEvent(error)).toEqual({
      error: {
        message: 'upstream model "m": 429 slow',
        type: "api_error",
        code: "upstream_rate_limited",
      },
    });
  });
});
