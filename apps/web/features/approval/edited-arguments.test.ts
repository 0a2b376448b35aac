import { describe, expect, it } from "vitest";
import { createTranslator } from "@/lib/i18n/translate";
import { formatArgumentValue, parseEditedArguments } from "./edited-arguments";

const t = createTranslator("en");

describe("the arguments editor", () => {
  it("accepts a JSON object", () => {
    expect(parseEditedArguments('{"path":"notes.txt","content":"hi"}', t)).toEqual({
      ok: true,
      args: { path: "notes.txt", content: "hi" },
    });
  });

  it.each([["{path:"], ["[1,2]"], ["42"], ["null"]])("refuses %j with a reason", (text) => {
    const result = parseEditedArguments(text, t);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toMatch(/JSON/);
  });

  it("shows strings as they are and the rest as JSON", () => {
    expect(formatArgumentValue("a b")).toBe("a b");
    expect(formatArgumentValue({ n: 1 })).toBe('{"n":1}');
  });
});
