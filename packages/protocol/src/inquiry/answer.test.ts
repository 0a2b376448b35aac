import { describe, expect, it } from "vitest";
import { AnswerBodySchema } from "./answer";

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
    { action: "approve", via: "push" },
  ])("accepts %j", (body) => {
    expect(AnswerBodySchema.safeParse(body).success).toBe(true);
  });

  it.each([
    [{ action: "answer" }, "response"],
    [{ action: "answer", response: 42 }, "response"],
    [{ action: "edit" }, "args"],
    [{ action: "explode" }, "action"],
    [{ action: "approve", via: "mcp-client" }, "via"],
    [{ action: "reject", via: "webhook" }, "via"],
    [{}, "action"],
  ])("rejects %j naming the field %s", (body, field) => {
    const result = AnswerBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(field);
  });
});
