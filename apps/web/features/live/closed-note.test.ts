import { describe, expect, it } from "vitest";
import { createTranslator, translateMessage } from "@/lib/i18n/translate";
import type { Message } from "@/lib/i18n/translate";
import { noteForOutcome } from "./closed-note";

const english = (note: Message): string => translateMessage(createTranslator("en"), note);

describe("noteForOutcome", () => {
  it("closes a timeout that another device sent first quietly", () => {
    expect(
      english(noteForOutcome({ kind: "already_resolved", message: "x" }, { action: "timeout" })),
    ).toBe("Timed out");
    expect(
      english(
        noteForOutcome(
          { kind: "already_resolved", message: "x" },
          { action: "answer", response: "a" },
        ),
      ),
    ).toBe("Already resolved on another device");
  });

  it("says a delegated question was left to the assistant", () => {
    expect(english(noteForOutcome({ kind: "resolved" }, { action: "delegate" }))).toBe(
      "Left to the assistant",
    );
  });
});
