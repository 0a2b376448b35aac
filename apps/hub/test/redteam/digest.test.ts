import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApprovalBench } from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

/**
 * The digest sums up a person's whole day, names of agent keys and devices included: an
 * agent's credential must not read it, nor a forged or missing token.
 */
describe("red team: reading a person's digest", () => {
  let bench: ApprovalBench;

  beforeAll(async () => {
    bench = await startApprovalBench({}, "digest-owner");
  });
  afterAll(() => bench.close());

  it("refuses the person's own agent key with 403", async () => {
    const response = await bench.hub.request("/api/digest", { token: bench.agentKey });
    expect(response.status).toBe(403);
  });

  it("refuses a missing or forged token with 401", async () => {
    expect((await bench.hub.request("/api/digest")).status).toBe(401);
    const forged = await bench.hub.request("/api/digest", { token: "ih_forged" });
    expect(forged.status).toBe(401);
  });
});
