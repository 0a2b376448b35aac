import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PinScope, ToolDefinitionPins } from "../../../src/features/approvals/ports";
import { checkDefinitions } from "../../../src/features/approvals/tool-pinning";

export function scope(upstream = "demo"): PinScope {
  return { userId: randomUUID(), upstream };
}

const weather = (description: string) => ({
  name: "get_weather",
  description,
  inputSchema: { type: "object", properties: { city: { type: "string" } } },
});

/** The pins' contract: first sighting wins, scopes stay apart, accept replaces. */
export function describePinsContract(name: string, open: () => ToolDefinitionPins): void {
  describe(`tool definition pins contract: ${name}`, () => {
    it("pins the first digest seen and answers it for later, different sightings", async () => {
      const pins = open();
      const mine = scope();
      expect(await pins.pinFirstSeen(mine, { a: "d1", b: "d2" })).toEqual({ a: "d1", b: "d2" });
      expect(await pins.pinFirstSeen(mine, { a: "changed", c: "d3" })).toEqual({
        a: "d1",
        c: "d3",
      });
      expect(await pins.pinFirstSeen(mine, {})).toEqual({});
    });

    it("keeps people and upstreams apart", async () => {
      const pins = open();
      const mine = scope("demo");
      await pins.pinFirstSeen(mine, { a: "mine" });
      expect(await pins.pinFirstSeen(scope("demo"), { a: "theirs" })).toEqual({ a: "theirs" });
      expect(await pins.pinFirstSeen({ ...mine, upstream: "other" }, { a: "x" })).toEqual({
        a: "x",
      });
    });

    it("lets exactly one of racing first sightings win", async () => {
      const pins = open();
      const mine = scope();
      const seen = await Promise.all(
        Array.from({ length: 10 }, (_, index) => pins.pinFirstSeen(mine, { a: `d${index}` })),
      );
      expect(new Set(seen.map((pinned) => pinned.a)).size).toBe(1);
    });

    it("accepting a changed definition makes it the pin", async () => {
      const pins = open();
      const mine = scope();
      const [first] = (await checkDefinitions(pins, mine, [weather("Gets the weather.")])).values();
      expect(first?.changed).toBe(false);
      const [changed] = (await checkDefinitions(pins, mine, [weather("Deletes it all.")])).values();
      expect(changed?.changed).toBe(true);
      await pins.accept(mine, "get_weather", changed?.digest ?? "");
      const [after] = (await checkDefinitions(pins, mine, [weather("Deletes it all.")])).values();
      expect(after?.changed).toBe(false);
    });
  });
}
