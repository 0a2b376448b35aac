import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { UsedRequestStates } from "../../../src/features/approvals/ports";
import { createRequestStates } from "../../../src/features/approvals/request-state";

export const HOUR_MS = 60 * 60 * 1000;
const SECRET = "contract-test-request-state-secret-32+chars";

/** The used-state set's contract: consume once, racing consumers one winner, expiry. */
export function describeUsedRequestStatesContract(
  name: string,
  open: () => UsedRequestStates,
): void {
  describe(`used request states contract: ${name}`, () => {
    it("consumes a state once and keeps states apart", async () => {
      const used = open();
      const [state, other] = [randomUUID(), randomUUID()];
      expect(await used.consume(state, HOUR_MS)).toBe(true);
      expect(await used.consume(state, HOUR_MS)).toBe(false);
      expect(await used.consume(other, HOUR_MS)).toBe(true);
    });

    it("lets exactly one of racing consumers win", async () => {
      const used = open();
      const state = randomUUID();
      const won = await Promise.all(Array.from({ length: 20 }, () => used.consume(state, HOUR_MS)));
      expect(won.filter(Boolean)).toHaveLength(1);
    });

    it("lets exactly one of racing redeems of one sealed state through", async () => {
      const states = createRequestStates({ secret: SECRET, used: open() });
      const principal = { userId: randomUUID(), credentialId: randomUUID() };
      const request = { upstream: "files", tool: "write_file", arguments: { path: "a.txt" } };
      const wire = states.issue(randomUUID(), principal, request);
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () => states.redeem(wire, principal, request)),
      );
      expect(outcomes.filter((outcome) => outcome.kind === "redeemed")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.kind === "refused")).toEqual(
        Array.from({ length: 9 }, () => ({ kind: "refused", refusal: "already-used" })),
      );
    });

    it("forgets a mark after its time to live", async () => {
      const used = open();
      const state = randomUUID();
      expect(await used.consume(state, 30)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await used.consume(state, HOUR_MS)).toBe(true);
      expect(await used.consume(state, HOUR_MS)).toBe(false);
    });
  });
}
