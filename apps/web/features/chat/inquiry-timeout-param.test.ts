import { describe, expect, it } from "vitest";
import { parseInquiryTimeoutParam, parseYoloParam } from "./inquiry-timeout-param";

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

describe("parseYoloParam", () => {
  it("reads 1/0 as this chat's override and ignores anything else", () => {
    expect(parseYoloParam("1")).toBe(true);
    expect(parseYoloParam(["0"])).toBe(false);
    expect(parseYoloParam("maybe")).toBeUndefined();
    expect(parseYoloParam(undefined)).toBeUndefined();
  });
});
