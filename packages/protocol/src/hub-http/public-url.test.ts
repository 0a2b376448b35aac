import { describe, expect, it } from "vitest";
import { PublicUrlSchema } from "./public-url";

const PHONE = "https://phone-host.test:3443";

describe("PublicUrlSchema", () => {
  it("parses an http(s) URL to its origin, a trailing slash included", () => {
    expect(PublicUrlSchema.parse(`${PHONE}/`)).toBe(PHONE);
    expect(PublicUrlSchema.parse("http://192.168.1.20:3443")).toBe("http://192.168.1.20:3443");
    expect(PublicUrlSchema.parse("https://inquiry.example.com:443")).toBe(
      "https://inquiry.example.com",
    );
  });

  it("refuses other schemes, paths, queries, fragments and credentials", () => {
    for (const bad of [
      "ftp://phone-host.test",
      "phone-host.test:3443",
      `${PHONE}/inbox`,
      `${PHONE}/?x=1`,
      `${PHONE}/#pair`,
      "https://user:secret@phone-host.test",
    ])
      expect(PublicUrlSchema.safeParse(bad).success, bad).toBe(false);
  });
});
