import { describe, expect, it } from "vitest";
import { noteForOutcome } from "./closed-note";

describe("noteForOutcome", () => {
  it("closes a timeout that another device sent first quietly", () => {
    expect(noteForOutcome({ kind: "already_resolved", message: "x" }, { action: "timeout" })).toBe(
      "Timed out",
    );
    expect(
      noteForOutcome(
        { kind: "already_resolved", message: "x" },
        { action: "answer", response: "a" },
      ),
    ).toBe("Already resolved on another device");
  });

  it("says a delegated question was left to the assistant", () => {
    expect(noteForOutcome({ kind: "resolved" }, { action: "delegate" })).toBe(
      "Left to the assistant",
    );
  });
});
