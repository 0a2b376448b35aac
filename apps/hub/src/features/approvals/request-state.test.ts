import { describe, expect, it } from "vitest";
import { definitionDigest, requestDigest } from "../inquiries/request-digest";
import type { UsedRequestStates } from "./ports";
import { CLOCK_SKEW_ALLOWANCE_MS, createRequestStates } from "./request-state";
import type { GatedRequest, RequestStatePrincipal, RequestStateRefusal } from "./request-state";
import { createRequestStateSeal } from "./request-state-seal";
import type { SealedRequest } from "./request-state-seal";

const SECRET = "unit-test-request-state-secret-of-32+chars";
const TTL_MS = 60_000;
const ada: RequestStatePrincipal = { userId: "user-ada", credentialId: "key-ada" };
const request: GatedRequest = {
  upstream: "files",
  tool: "write_file",
  arguments: { path: "notes.txt", content: { text: "hi", lines: [1, 2] } },
};

/** A used set that never forgets (the stores' expiry is the contract suite's concern). */
function createUsedSet(): UsedRequestStates {
  const used = new Set<string>();
  return {
    consume(stateId) {
      const first = !used.has(stateId);
      used.add(stateId);
      return Promise.resolve(first);
    },
  };
}

/** Request states on a clock the test moves, over one used set. */
function setUp() {
  let nowMs = 1_700_000_000_000;
  const clock = () => nowMs;
  const used = createUsedSet();
  const states = createRequestStates({ secret: SECRET, used, ttlMs: TTL_MS, now: clock });
  return {
    states,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

const refused = (refusal: RequestStateRefusal) => ({ kind: "refused", refusal });

/** `wire` with the character at `index` swapped for another base64url character. */
function flipCharacter(wire: string, index: number): string {
  const swapped = wire[index] === "A" ? "B" : "A";
  return wire.slice(0, index) + swapped + wire.slice(index + 1);
}

describe("request states", () => {
  it("redeems a state once for its principal and request, with what it was issued for", async () => {
    const { states } = setUp();
    const wire = states.issue("inquiry-1", ada, request);
    const reordered = { content: { lines: [1, 2], text: "hi" }, path: "notes.txt" };
    const outcome = await states.redeem(wire, ada, { ...request, arguments: reordered });
    expect(outcome).toEqual({
      kind: "redeemed",
      state: {
        inquiryId: "inquiry-1",
        principal: ada,
        upstream: "files",
        tool: "write_file",
        issuedAt: new Date(1_700_000_000_000),
        expiresAt: new Date(1_700_000_000_000 + TTL_MS),
      },
    });
  });

  it("keeps the ids it seals out of the client's sight", () => {
    const { states } = setUp();
    const wire = states.issue("inquiry-secret-id", ada, request);
    const decoded = Buffer.from(wire.slice("rs1.".length), "base64url").toString("latin1");
    for (const sealed of ["inquiry-secret-id", "user-ada", "key-ada", "write_file"])
      expect(decoded).not.toContain(sealed);
  });

  it("refuses every altered character, a truncated state and foreign strings as tampered", async () => {
    const { states } = setUp();
    const wire = states.issue("inquiry-1", ada, request);
    const positions = [
      0,
      2,
      3,
      4,
      10,
      Math.floor(wire.length / 2),
      wire.length - 2,
      wire.length - 1,
    ];
    for (const index of positions) {
      const outcome = await states.redeem(flipCharacter(wire, index), ada, request);
      expect(outcome, `character ${index}`).toEqual(refused("tampered"));
    }
    for (const forged of [wire.slice(0, -4), `${wire}AA`, "rs1.", "", "v1.e30.AAAA"])
      expect(await states.redeem(forged, ada, request)).toEqual(refused("tampered"));
    expect(await states.redeem(wire, ada, request)).toMatchObject({ kind: "redeemed" });
  });

  it("refuses a state sealed under another hub's secret as tampered", async () => {
    const { states } = setUp();
    const other = createRequestStates({
      secret: "another-hub-request-state-secret-32+chars",
      used: createUsedSet(),
    });
    const foreign = other.issue("inquiry-1", ada, request);
    expect(await states.redeem(foreign, ada, request)).toEqual(refused("tampered"));
  });

  it("refuses a well-sealed state whose claims do not parse as tampered", async () => {
    const { states } = setUp();
    const seal = createRequestStateSeal(SECRET);
    const partial = { stateId: "state", inquiryId: "inquiry-1" } as unknown as SealedRequest;
    expect(await states.redeem(seal.seal(partial), ada, request)).toEqual(refused("tampered"));
  });

  it("refuses a replay: the second redeem of one state is already used", async () => {
    const { states } = setUp();
    const wire = states.issue("inquiry-1", ada, request);
    expect(await states.redeem(wire, ada, request)).toMatchObject({ kind: "redeemed" });
    expect(await states.redeem(wire, ada, request)).toEqual(refused("already-used"));
  });

  it("lets exactly one of racing redeems of one state through", async () => {
    const { states } = setUp();
    const wire = states.issue("inquiry-1", ada, request);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => states.redeem(wire, ada, request)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === "redeemed")).toHaveLength(1);
  });

  it("refuses a state at and after its expiry, and accepts it just before", async () => {
    const { states, advance } = setUp();
    const early = states.issue("inquiry-1", ada, request);
    const late = states.issue("inquiry-1", ada, request);
    advance(TTL_MS - 1);
    expect(await states.redeem(early, ada, request)).toMatchObject({ kind: "redeemed" });
    advance(1);
    expect(await states.redeem(late, ada, request)).toEqual(refused("expired"));
  });

  it("refuses another user's or another credential's state, without spending it", async () => {
    const { states } = setUp();
    const wire = states.issue("inquiry-1", ada, request);
    for (const intruder of [
      { userId: "user-bob", credentialId: "key-bob" },
      { userId: "user-ada", credentialId: "key-ada-other-agent" },
      { userId: "user-bob", credentialId: "key-ada" },
    ])
      expect(await states.redeem(wire, intruder, request)).toEqual(refused("wrong-principal"));
    expect(await states.redeem(wire, ada, request)).toMatchObject({ kind: "redeemed" });
  });

  it("refuses the state for other arguments, another tool or upstream, without spending it", async () => {
    const { states } = setUp();
    const wire = states.issue("inquiry-1", ada, request);
    const others: GatedRequest[] = [
      { ...request, arguments: { path: "notes.txt", content: { text: "rm -rf", lines: [1, 2] } } },
      { ...request, arguments: { path: "notes.txt", content: { text: "hi", lines: [2, 1] } } },
      { ...request, arguments: { ...request.arguments, extra: true } },
      { ...request, arguments: { path: "notes.txt" } },
      { ...request, tool: "delete_file" },
      { ...request, upstream: "other-files" },
    ];
    for (const other of others)
      expect(await states.redeem(wire, ada, other)).toEqual(refused("different-request"));
    expect(await states.redeem(wire, ada, request)).toMatchObject({ kind: "redeemed" });
  });

  it("issues a new state each time, each redeemable once", async () => {
    const { states } = setUp();
    const first = states.issue("inquiry-1", ada, request);
    const second = states.issue("inquiry-1", ada, request);
    expect(first).not.toBe(second);
    expect(await states.redeem(first, ada, request)).toMatchObject({ kind: "redeemed" });
    expect(await states.redeem(second, ada, request)).toMatchObject({ kind: "redeemed" });
  });

  it("marks a redeemed state used past its expiry, by the clock skew allowance", async () => {
    let nowMs = 0;
    const marks: { stateId: string; ttlMs: number }[] = [];
    const states = createRequestStates({
      secret: SECRET,
      ttlMs: TTL_MS,
      now: () => nowMs,
      used: {
        consume(stateId, ttlMs) {
          marks.push({ stateId, ttlMs });
          return Promise.resolve(true);
        },
      },
    });
    const wire = states.issue("inquiry-1", ada, request);
    nowMs = 1_000;
    await states.redeem(wire, ada, request);
    expect(marks).toEqual([
      { stateId: expect.any(String) as string, ttlMs: TTL_MS - 1_000 + CLOCK_SKEW_ALLOWANCE_MS },
    ]);
  });

  it("refuses a secret shorter than 32 characters", () => {
    expect(() => createRequestStates({ secret: "too-short", used: createUsedSet() })).toThrow(
      RangeError,
    );
  });
});

describe("request digest", () => {
  it("ignores key order at every depth and sees every value, key and the tool name", () => {
    const digest = requestDigest("t", { a: 1, b: { c: [1, { d: 2, e: 3 }] } });
    expect(requestDigest("t", { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(digest);
    expect(requestDigest("u", { a: 1, b: { c: [1, { d: 2, e: 3 }] } })).not.toBe(digest);
    expect(requestDigest("t", { a: 1, b: { c: [1, { d: 2, e: "3" }] } })).not.toBe(digest);
    expect(requestDigest("t", { a: 1, b: { c: [{ d: 2, e: 3 }, 1] } })).not.toBe(digest);
    expect(requestDigest("t", { a: 1, b: { c: [1, { d: 2, e: 3 }] }, f: null })).not.toBe(digest);
    // Pinned bytes: digests sealed by earlier versions (a sorted copy, then JSON.stringify)
    // must still match; array-index keys and nested arrays included.
    expect(
      requestDigest("write_file", {
        path: "notes/a.txt",
        text: "hi",
        opts: { z: 1, a: [2, { y: null, b: "é" }], "10": 1, "2": 0 },
      }),
    ).toBe("dM4J8D_r70P4arRS6TSpbcWI8ynAktuOivX6zRCN9gA");
    expect(
      requestDigest("run_sql", { sql: "SELECT 1" }, { progressToken: 7, trace: { b: 1, a: 2 } }),
    ).toBe("tN9bd_EoB44yGfvCWK_1dvOKKSqIJiRs5nnLIv7srCU");
    expect(
      definitionDigest({
        name: "get_weather",
        description: "Gets the weather",
        inputSchema: { type: "object", properties: { city: { type: "string" } } },
      }),
    ).toBe("Zq2mX9ljMXO4cwqkgSwe4FMBunlKK3Vc3nN1zeqqoLw");
  });
});
