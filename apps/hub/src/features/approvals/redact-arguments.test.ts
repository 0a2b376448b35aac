import { describe, expect, it } from "vitest";
import { redactArguments } from "./redact-arguments";

describe("redactArguments", () => {
  it("keeps the keys and replaces each value by its JSON length and a keyed digest", () => {
    const redacted = redactArguments({ query: "DELETE FROM notes", options: { force: true } });
    expect(Object.keys(redacted)).toEqual(["query", "options"]);
    expect(redacted.query).toMatch(/^\[redacted: 19 chars, hmac [0-9a-f]{16}\]$/);
    expect(redacted.options).toMatch(/^\[redacted: 14 chars, hmac [0-9a-f]{16}\]$/);
    expect(JSON.stringify(redacted)).not.toMatch(/DELETE|force/);
  });

  it("shows equal values as equal, so an edit is visible without the values", () => {
    const original = redactArguments({ path: "a.txt", content: "one" });
    const forwarded = redactArguments({ path: "a.txt", content: "two" });
    expect(forwarded.path).toBe(original.path);
    expect(forwarded.content).not.toBe(original.content);
  });
});
