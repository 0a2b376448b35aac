import { describe, expect, it } from "vitest";
import { changedArgumentNames, shortValue, summarizeArguments } from "./argument-summary";

describe("summarizeArguments", () => {
  it("reads as name: value pairs, long and multi-line values shortened", () => {
    expect(summarizeArguments({ path: "notes.txt", content: "hello\n  world", retries: 2 })).toBe(
      "path: notes.txt · content: hello world · retries: 2",
    );
    expect(summarizeArguments({})).toBe("");
    expect(shortValue("x".repeat(100))).toBe(`${"x".repeat(59)}…`);
    expect(shortValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
  });
});

describe("changedArgumentNames", () => {
  it("names changed, added and removed arguments", () => {
    expect(
      changedArgumentNames(
        { path: "a", content: "hi", mode: 1 },
        { path: "a", content: "yo", extra: true },
      ),
    ).toEqual(["content", "mode", "extra"]);
    expect(changedArgumentNames({ path: "a" }, { path: "a" })).toEqual([]);
  });
});
