import { describe, expect, it } from "vitest";
import { createTranslator } from "@/lib/i18n/translate";
import { draftsOf, formatArgumentValue, readDrafts } from "./edited-arguments";

const t = createTranslator("en");
const ARGS = { path: "notes.txt", lines: [1, 2], force: false };

describe("the arguments edit form", () => {
  it("edits strings as text and every other value as JSON, in the agent's order", () => {
    expect(draftsOf(ARGS)).toEqual([
      { name: "path", original: "notes.txt", asJson: false, text: "notes.txt" },
      { name: "lines", original: [1, 2], asJson: true, text: "[\n  1,\n  2\n]" },
      { name: "force", original: false, asJson: true, text: "false" },
    ]);
  });

  it("sends what the fields hold and names the arguments that changed", () => {
    const [path, lines, force] = draftsOf(ARGS);
    if (path === undefined || lines === undefined || force === undefined) throw new Error();
    const read = readDrafts([{ ...path, text: "42" }, { ...lines, text: "[1,2]" }, force], t);
    expect(read.args).toEqual({ path: "42", lines: [1, 2], force: false });
    expect([...read.changed]).toEqual(["path"]);
    expect(read.errors.size).toBe(0);
    expect(readDrafts([{ ...force, text: "true" }], t).changed).toEqual(new Set(["force"]));
  });

  it("keeps a field that is not JSON out of what is sent, with the reason", () => {
    const [, lines] = draftsOf(ARGS);
    if (lines === undefined) throw new Error();
    const read = readDrafts([{ ...lines, text: "[1," }], t);
    expect(read.errors.get("lines")).toMatch(/^Not valid JSON: /);
    expect(read.args).toEqual({ lines: [1, 2] });
    expect(read.changed.size).toBe(0);
  });

  it("shows strings as they are and the rest as indented JSON", () => {
    expect(formatArgumentValue("a b")).toBe("a b");
    expect(formatArgumentValue({ n: 1 })).toBe('{\n  "n": 1\n}');
  });
});
