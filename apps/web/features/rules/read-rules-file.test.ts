import { describe, expect, it } from "vitest";
import { createTranslator } from "@/lib/i18n/translate";
import { readRulesText } from "./read-rules-file";

const en = createTranslator("en");

describe("reading rules to import", () => {
  it("takes the proxy config's policy format", () => {
    const rules = {
      upstreams: {
        demo: { tools: { write_file: { allow: [{ arg: "path", glob: ["notes/**"] }] } } },
      },
    };
    expect(readRulesText(JSON.stringify(rules), en)).toEqual({ rules });
  });

  it("names what is wrong, and where, in plain words", () => {
    expect(readRulesText("  ", en)).toEqual({ problem: "Choose a file or paste the rules first." });
    expect(readRulesText("{upstreams", en)).toMatchObject({
      problem: expect.stringMatching(/^This is not JSON: /) as string,
    });
    const noCondition = { upstreams: { demo: { tools: { write_file: { allow: [] } } } } };
    expect(readRulesText(JSON.stringify(noCondition), en)).toMatchObject({
      problem: expect.stringContaining("At upstreams.demo.tools.write_file.allow:") as string,
    });
    expect(readRulesText(JSON.stringify({ rules: [] }), en)).toMatchObject({
      problem: expect.stringMatching(/^This is not in the policy format\./) as string,
    });
  });
});
