import { describe, expect, it } from "vitest";
import { createTranslator } from "@/lib/i18n/translate";
import { readRefusal } from "./refusal";

const en = createTranslator("en");
const zh = createTranslator("zh-CN");
const NAMES = ["path", "content", "count"];

describe("readRefusal", () => {
  it.each([
    ["args: arguments/path must NOT have fewer than 1 characters", "path", "This can't be empty."],
    [
      "args: arguments/path must NOT have fewer than 3 characters",
      "path",
      "Too short: use at least 3 characters.",
    ],
    [
      "args: arguments/content must NOT have more than 500 characters",
      "content",
      "Too long: use at most 500 characters.",
    ],
    ["args: arguments/path must be string", "path", "This must be text."],
    ["args: arguments/count must be integer", "count", "This must be a whole number."],
    ["args: arguments/count must be >= 1", "count", "Use 1 or more."],
    ["args: arguments/count must be <= 10", "count", "Use 10 or less."],
    ['args: arguments/path must match pattern "^a"', "path", "This is not in the expected format."],
    [
      "args: arguments/path must be equal to one of the allowed values",
      "path",
      "This is not one of the allowed values.",
    ],
  ])("%j names %s and says %j", (message, argument, text) => {
    expect(readRefusal(message, NAMES, en)).toEqual({ argument, text });
  });

  it("keeps the hub's words for a complaint it does not know, under the argument it names", () => {
    const message = "args: arguments/path must be a sandbox path";
    expect(readRefusal(message, NAMES, en)).toEqual({ argument: "path", text: message });
  });

  it("names no argument for a refusal about none of the card's", () => {
    for (const message of ["args: arguments/other must be string", "The approval is closed."])
      expect(readRefusal(message, NAMES, en)).toEqual({ argument: undefined, text: message });
  });

  it("speaks the page's language", () => {
    const read = readRefusal("args: arguments/path must be string", NAMES, zh);
    expect(read.text).not.toMatch(/must/);
  });
});
