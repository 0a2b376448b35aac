import { describe, expect, it } from "vitest";
import { expiryWarningAt } from "./expiry-warning";

describe("expiryWarningAt", () => {
  const createdAt = "2026-01-01T00:00:00.000Z";

  it("is when a fifth of the time is left", () => {
    expect(expiryWarningAt({ createdAt, expiresAt: "2026-01-01T00:00:05.000Z" })).toBe(
      Date.parse("2026-01-01T00:00:04.000Z"),
    );
  });

  it("measures an extended deadline from createdAt", () => {
    expect(expiryWarningAt({ createdAt, expiresAt: "2026-01-01T00:02:30.000Z" })).toBe(
      Date.parse("2026-01-01T00:02:00.000Z"),
    );
  });
});
