import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PresenceStore } from "../../../src/features/accounts/presence-store";

const MINUTE_MS = 60_000;

/**
 * The presence port's contract; `open` builds a store reading the given clock, so expiry is
 * tested without waiting. Every node's store must behave like the memory one.
 */
export function describePresenceContract(
  name: string,
  open: (now: () => number) => PresenceStore,
): void {
  describe(`presence store contract: ${name}`, () => {
    it("keeps each person's devices here apart, and clears one", async () => {
      const store = open(Date.now);
      const [ada, bob] = [randomUUID(), randomUUID()];
      await store.markHere(ada, "ada-tab", MINUTE_MS);
      await store.markHere(ada, "ada-laptop", MINUTE_MS);
      await store.markHere(bob, "bob-tab", MINUTE_MS);
      expect((await store.hereDevices(ada)).sort()).toEqual(["ada-laptop", "ada-tab"]);
      await store.clear(ada, "ada-tab");
      await store.clear(ada, "never-here");
      expect(await store.hereDevices(ada)).toEqual(["ada-laptop"]);
      expect(await store.hereDevices(bob)).toEqual(["bob-tab"]);
      expect(await store.hereDevices(randomUUID())).toEqual([]);
    });

    it("lets a mark nobody renews expire, and a renewed one last", async () => {
      let nowMs = Date.now();
      const store = open(() => nowMs);
      const ada = randomUUID();
      await store.markHere(ada, "left", MINUTE_MS);
      await store.markHere(ada, "stays", MINUTE_MS);
      nowMs += MINUTE_MS / 2;
      await store.markHere(ada, "stays", MINUTE_MS);
      nowMs += MINUTE_MS / 2;
      expect(await store.hereDevices(ada)).toEqual(["stays"]);
      nowMs += MINUTE_MS;
      expect(await store.hereDevices(ada)).toEqual([]);
    });
  });
}
