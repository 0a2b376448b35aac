import { describe, expect, it } from "vitest";
import { skipLoggedPrefix } from "./logged-turn";

/** Feeds `deltas` through a filter for `logged`; returns what reached the log. */
function filtered(logged: string, deltas: readonly string[], settleAfter?: number): string[] {
  const emitted: string[] = [];
  const filter = skipLoggedPrefix(logged, (text) => emitted.push(text));
  deltas.forEach((delta, index) => {
    filter.write(delta);
    if (index === settleAfter) filter.settle();
  });
  return emitted;
}

describe("skipLoggedPrefix", () => {
  it("drops the repeated start, also when a delta straddles its end", () => {
    expect(filtered("Sunny in Li", ["Sunny ", "in ", "Lisbon", "."])).toEqual(["sbon", "."]);
  });

  it("passes everything when nothing was logged", () => {
    expect(filtered("", ["a", "b"])).toEqual(["a", "b"]);
  });

  it("lets a departing turn through whole, once, and stops filtering", () => {
    expect(filtered("Sunny in Lisbon", ["Sunny ", "and ", "in "])).toEqual(["Sunny and ", "in "]);
  });

  it("stops comparing at the first checkpoint, so later turns are never cut", () => {
    expect(filtered("Sunny in Lisbon", ["Sunny ", "Sunny "], 0)).toEqual(["Sunny "]);
  });
});
