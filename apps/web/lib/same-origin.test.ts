import { describe, expect, it } from "vitest";
import { isForeignOrigin } from "./same-origin";

function headers(values: Record<string, string>): Headers {
  return new Headers(values);
}

describe("isForeignOrigin", () => {
  it("lets requests without Origin through", () => {
    expect(isForeignOrigin(headers({ host: "localhost:3000" }))).toBe(false);
  });

  it("accepts the request's own origin", () => {
    expect(
      isForeignOrigin(headers({ host: "localhost:3000", origin: "http://localhost:3000" })),
    ).toBe(false);
  });

  it("accepts the forwarded host of a reverse proxy", () => {
    expect(
      isForeignOrigin(
        headers({
          host: "127.0.0.1:3000",
          "x-forwarded-host": "chat.example.com",
          origin: "https://chat.example.com",
        }),
      ),
    ).toBe(false);
  });

  it("refuses another origin, another port, and the opaque origin", () => {
    expect(isForeignOrigin(headers({ host: "localhost:3000", origin: "http://evil.test" }))).toBe(
      true,
    );
    expect(
      isForeignOrigin(headers({ host: "localhost:3000", origin: "http://localhost:3001" })),
    ).toBe(true);
    expect(isForeignOrigin(headers({ host: "localhost:3000", origin: "null" }))).toBe(true);
  });
});
