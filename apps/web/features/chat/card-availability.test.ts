import { describe, expect, it } from "vitest";
import { cardAvailability } from "./card-availability";

const inquiry = { type: "INQUIRY" as const, inquiryId: "q-1", question: "Which city?" };
const card = { kind: "inquiry" as const, key: "live-1", inquiry };

describe("cardAvailability", () => {
  it("lets a card of the page's own live stream be answered", () => {
    expect(cardAvailability(card, "live", undefined)).toBe("open");
  });

  it("holds every open card while the stream is lost", () => {
    expect(cardAvailability(card, "reconnecting", new Set(["q-1"]))).toBe("held");
  });

  it("answers a re-attached card only while the hub's pending list has it", () => {
    const recheck = { ...card, recheck: true };
    expect(cardAvailability(recheck, "live", undefined)).toBe("held");
    expect(cardAvailability(recheck, "live", new Set(["q-1"]))).toBe("open");
    expect(cardAvailability(recheck, "live", new Set(["q-2"]))).toBe("stale");
  });

  it("keeps a closed card closed", () => {
    const closed = { ...card, closedNote: { key: "note.answered" as const } };
    expect(cardAvailability(closed, "live", new Set(["q-1"]))).toBe("closed");
  });
});
