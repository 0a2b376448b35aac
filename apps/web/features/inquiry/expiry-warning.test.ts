import { describe, expect, it } from "vitest";
import { isExpiringSoon } from "./expiry-warning";

describe("isExpiringSoon", () => {
  const createdAt = "2025-01-01T00:00:00.000Z";
  const expiresAt = "2025-01-01T00:00:50.000Z";
  const at = (seconds: number) => Date.parse(createdAt) + seconds * 1000;

  it("turns on when a fifth of the time is left, by the card's own clock", () => {
    const card = { expiresAt, createdAt, warnedFor: undefined };
    expect(isExpiringSoon(card, at(39.9))).toBe(false);
    expect(isExpiringSoon(card, at(40))).toBe(true);
    expect(isExpiringSoon(card, at(50))).toBe(false);
  });

  it("follows the hub's warning for the current deadline without a createdAt", () => {
    expect(isExpiringSoon({ expiresAt, createdAt: undefined, warnedFor: expiresAt }, at(1))).toBe(
      true,
    );
    expect(isExpiringSoon({ expiresAt, createdAt: undefined, warnedFor: undefined }, at(45))).toBe(
      false,
    );
  });

  it("drops a warning about a deadline an Extend has moved", () => {
    const extended = "2025-01-01T00:01:40.000Z";
    const card = { expiresAt: extended, createdAt, warnedFor: expiresAt };
    expect(isExpiringSoon(card, at(45))).toBe(false);
    expect(isExpiringSoon(card, at(80))).toBe(true);
  });
});
