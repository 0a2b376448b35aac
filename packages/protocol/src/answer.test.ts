import { describe, expect, it } from "vitest";
import { AnswerBodySchema, SocketAnswerPayloadSchema } from "./answer";

describe("AnswerBodySchema", () => {
  it("treats a bare response as an answer", () => {
    expect(AnswerBodySchema.parse({ response: "Hangzhou" })).toEqual({
      action: "answer",
      response: "Hangzhou",
    });
  });

  it.each([
    { action: "answer", values: { city: "Hangzhou" } },
    { action: "reject" },
    { action: "reject", reason: "not now", deviceId: "d1" },
    { action: "timeout" },
    { action: "approve" },
    { action: "edit", args: { path: "a.txt" } },
  ])("accepts %j", (body) => {
    expect(AnswerBodySchema.safeParse(body).success).toBe(true);
  });

  it.each([
    [{ action: "answer" }, "response"],
    [{ action: "answer", response: 42 }, "response"],
    [{ action: "edit" }, "args"],
    [{ action: "explode" }, "action"],
    [{}, "action"],
  ])("rejects %j naming the field %s", (body, field) => {
    const result = AnswerBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(field);
  });
});

describe("SocketAnswerPayloadSchema", () => {
  const inquiryId = "6f0c2a4e-8a8f-4a53-9d51-0c1f5d1b1a11";

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
