import { describe, expect, it } from "vitest";
import { parseAlwaysAskParam, parseInquiryTimeoutParam } from "./inquiry-timeout-param";

describe("parseInquiryTimeoutParam", () => {
  it("reads a positive number of seconds", () => {
    expect(parseInquiryTimeoutParam("8")).toBe(8);
    expect(parseInquiryTimeoutParam(["2.5", "9"])).toBe(2.5);
  });

  it("ignores absent, empty, zero, negative and non-numeric values", () => {
    for (const value of [undefined, "", "0", "-3", "soon", "Infinity"]) {
      expect(parseInquiryTimeoutParam(value)).toBeUndefined();
    }
  });
});

describe("parseAlwaysAskParam", () => {
  it("reads ?yolo=0 as always asking in this chat", () => {
    expect(parseAlwaysAskParam("0")).toBe(true);
    expect(parseAlwaysAskParam(["false", "1"])).toBe(true);
  });

  it("never lets a URL switch YOLO on: 1, true and anything else ask as usual", () => {
    for (const value of ["1", "true", ["1", "0"], "yes", "", undefined]) {
      expect(parseAlwaysAskParam(value)).toBe(false);
    }
  });
});
