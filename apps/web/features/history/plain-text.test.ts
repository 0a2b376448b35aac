import { describe, expect, it } from "vitest";
import { markdownToText } from "./plain-text";

describe("markdownToText", () => {
  it("keeps the words and drops the markup a list should not show", () => {
    expect(markdownToText("**Deploy** to `staging`?\n\n- now\n- _later_")).toBe(
      "Deploy to staging? now later",
    );
    expect(markdownToText("# Title\n> quoted [docs](https://example.com) ![logo](x.png)")).toBe(
      "Title quoted docs logo",
    );
    expect(markdownToText('Run it?\n\n```json\n{\n  "a": 1\n}\n```')).toBe('Run it? { "a": 1 }');
    expect(markdownToText("1. one\n2) two\n\n---\n<b>bold</b>")).toBe("one two bold");
  });

  it("leaves plain text and snake_case names alone", () => {
    expect(markdownToText("Which city?")).toBe("Which city?");
    expect(markdownToText("call write_file with a*b")).toBe("call write_file with a*b");
  });
});
