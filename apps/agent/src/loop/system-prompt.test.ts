import { describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_PROMPT, withSystemPrompt } from "./system-prompt";

describe("withSystemPrompt", () => {
  it("puts the prompt first", () => {
    expect(withSystemPrompt([{ role: "user", content: "hi" }], "Be brief.")).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "hi" },
    ]);
  });

  it.each(["system", "developer"] as const)("keeps the client's own %s message", (role) => {
    const messages = [
      { role, content: "Answer in French." },
      { role: "user" as const, content: "hi" },
    ];
    expect(withSystemPrompt(messages, "Be brief.")).toEqual(messages);
  });

  it("states the clarify-first rules", () => {
    expect(DEFAULT_SYSTEM_PROMPT).toMatch(/send_inquiry/);
    expect(DEFAULT_SYSTEM_PROMPT).toMatch(/one focused question at a time/);
    expect(DEFAULT_SYSTEM_PROMPT).toMatch(/declines or no answer comes in time, do not ask again/);
  });
});
