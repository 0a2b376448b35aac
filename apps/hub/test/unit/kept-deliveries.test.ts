import { describe, expect, it } from "vitest";
import { createKeptDeliveries } from "../../src/features/inquiries/kept-deliveries";
import type { IdempotencyScope } from "../../src/features/inquiries/ports";
import { createMemoryIdempotencyIndex } from "../../src/features/inquiries/stores/memory-idempotency-index";

const SCOPE: IdempotencyScope = { userId: "u1", credentialId: "agent-1" };
const KEY = "question-hash";
const KEY_TTL_MS = 60_000;
/** Long beside the repeat's short wait, as the production window is beside a cancel's trip. */
const CONFIRM_WINDOW_MS = 2_000;

function setUp() {
  const index = createMemoryIdempotencyIndex();
  const deliveries = createKeptDeliveries(index, { confirmWindowMs: CONFIRM_WINDOW_MS });
  return { index, deliveries };
}

describe("kept deliveries: an answer in its confirm window", () => {
  it("a repeat behind a delivery that heard no cancel frees the key at once, not after the window", async () => {
    const { index, deliveries } = setUp();
    await index.claim(SCOPE, KEY, "first", KEY_TTL_MS);
    const delivering = await deliveries.beginDelivery(SCOPE, KEY, "first");
    expect(delivering).toBeDefined();

    const started = performance.now();
    expect(await deliveries.takeKept(SCOPE, KEY, "first")).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(CONFIRM_WINDOW_MS / 2);
    expect(await index.read(SCOPE, KEY)).toBeUndefined();
    await delivering?.settle(false);
  });

  it("a newer question under the same key gets its own mark, so its answer is never handed out twice", async () => {
    const { index, deliveries } = setUp();
    await index.claim(SCOPE, KEY, "first", KEY_TTL_MS);
    const first = await deliveries.beginDelivery(SCOPE, KEY, "first");
    expect(await deliveries.takeKept(SCOPE, KEY, "first")).toBeUndefined();

    // The repeat asked anew while the first answer's window still runs.
    await index.claim(SCOPE, KEY, "second", KEY_TTL_MS);
    const second = await deliveries.beginDelivery(SCOPE, KEY, "second");
    await first?.settle(false);
    // The next repeat finds the second answer still in delivery, not free for the taking.
    expect(await deliveries.takeKept(SCOPE, KEY, "second")).toBeUndefined();
    await second?.settle(false);
  });

  it("a repeat behind a lost delivery takes the kept answer", async () => {
    const { index, deliveries } = setUp();
    await index.claim(SCOPE, KEY, "first", KEY_TTL_MS);
    const lost = await deliveries.beginDelivery(SCOPE, KEY, "first");
    const repeat = deliveries.takeKept(SCOPE, KEY, "first");
    // The cancel of the timed-out call arrives just behind its repeat.
    await lost?.settle(true);
    const taken = await repeat;
    expect(taken).toBeDefined();
    expect((await index.read(SCOPE, KEY))?.inquiryId).toBe("first");
    await taken?.settle(false);
    expect(await index.read(SCOPE, KEY)).toBeUndefined();
  });
});
