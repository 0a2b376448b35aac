import { describe, expect, it } from "vitest";
import { SocketAnswerPayloadSchema, SocketReceiptPayloadSchema } from "./client-payloads";

const inquiryId = "6f0c2a4e-8a8f-4a53-9d51-0c1f5d1b1a11";

describe("SocketAnswerPayloadSchema", () => {
  it("splits the inquiry id from the answer body", () => {
    expect(SocketAnswerPayloadSchema.parse({ inquiryId, response: "yes" })).toEqual({
      inquiryId,
      body: { action: "answer", response: "yes" },
    });
  });

  it("rejects a payload without an inquiry id or with a bad body", () => {
    expect(SocketAnswerPayloadSchema.safeParse({ response: "yes" }).success).toBe(false);
    expect(SocketAnswerPayloadSchema.safeParse({ inquiryId, action: "nope" }).success).toBe(false);
  });
});

describe("SocketReceiptPayloadSchema", () => {
  it("accepts a seen receipt from a notification and refuses an unknown channel", () => {
    expect(
      SocketReceiptPayloadSchema.safeParse({ inquiryId, kind: "seen", via: "notification" })
        .success,
    ).toBe(true);
    expect(
      SocketReceiptPayloadSchema.safeParse({ inquiryId, kind: "seen", via: "email" }).success,
    ).toBe(false);
  });

  it("refuses the routing plan's step kinds, which only the hub records", () => {
    for (const kind of ["waiting", "held", "no-tab", "skipped-seen"])
      expect(SocketReceiptPayloadSchema.safeParse({ inquiryId, kind }).success).toBe(false);
  });
});
