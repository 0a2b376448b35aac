import { describe, expect, it } from "vitest";
import { badgedTitle } from "./title-badge";

describe("badgedTitle", () => {
  it("prefixes the count, replacing an earlier badge", () => {
    expect(badgedTitle("Inbox · Inquiry Hub", 1)).toBe("(1) Inbox · Inquiry Hub");
    expect(badgedTitle("(1) Inbox · Inquiry Hub", 3)).toBe("(3) Inbox · Inquiry Hub");
  });

  it("removes the badge when nothing is pending", () => {
    expect(badgedTitle("(2) Chat · Inquiry Hub", 0)).toBe("Chat · Inquiry Hub");
    expect(badgedTitle("Chat", 0)).toBe("Chat");
  });
});
