import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";

const MODEL_URL = "http://127.0.0.1:11434/v1";

describe("HUB_RISK_* (the risk-labelling model)", () => {
  it("is opt-in: unset means the hub's rules label alone", () => {
    expect(loadConfig({}).riskModel).toBeUndefined();
  });

  it("reads base MODEL_URL, model, optional key and a 3 s default budget", () => {
    expect(
      loadConfig({ HUB_RISK_BASE_URL: MODEL_URL, HUB_RISK_MODEL: "llama3" }).riskModel,
    ).toEqual({
      baseUrl: MODEL_URL,
      apiKey: undefined,
      model: "llama3",
      timeoutMs: 3000,
    });
    expect(
      loadConfig({
        HUB_RISK_BASE_URL: MODEL_URL,
        HUB_RISK_MODEL: "llama3",
        HUB_RISK_API_KEY: "sk-test",
        HUB_RISK_TIMEOUT_SECONDS: "1.5",
      }).riskModel,
    ).toMatchObject({ apiKey: "sk-test", timeoutMs: 1500 });
  });

  it.each([
    [{ HUB_RISK_BASE_URL: MODEL_URL }, /HUB_RISK_BASE_URL and HUB_RISK_MODEL/],
    [{ HUB_RISK_MODEL: "llama3" }, /HUB_RISK_BASE_URL and HUB_RISK_MODEL/],
    [{ HUB_RISK_API_KEY: "sk-test" }, /HUB_RISK_API_KEY needs/],
    [{ HUB_RISK_BASE_URL: "ftp://models.example", HUB_RISK_MODEL: "m" }, /HUB_RISK_BASE_URL/],
    [
      { HUB_RISK_BASE_URL: MODEL_URL, HUB_RISK_MODEL: "m", HUB_RISK_TIMEOUT_SECONDS: "31" },
      /HUB_RISK_TIMEOUT_SECONDS/,
    ],
  ])("refuses to start on %o, naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
