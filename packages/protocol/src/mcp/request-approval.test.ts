import { describe, expect, it } from "vitest";
import {
  MAX_APPROVAL_JSON_LENGTH,
  RequestApprovalArgsSchema,
  RequestApprovalResultSchema,
} from "./request-approval";

const CALL = { source: "langgraph", tool: "send_email", arguments: { to: "a@b.c" } };

/** The first issue's path and message, as a caller would read it. */
function problemOf(input: unknown): string {
  const parsed = RequestApprovalArgsSchema.safeParse(input);
  if (parsed.success) return "accepted";
  const [issue] = parsed.error.issues;
  return `${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}`;
}

describe("RequestApprovalArgsSchema", () => {
  it("accepts the smallest call, and one with every field", () => {
    expect(RequestApprovalArgsSchema.parse(CALL)).toEqual(CALL);
    const full = {
      ...CALL,
      description: "Send an email",
      input_schema: { type: "object", required: ["to"] },
      allowed_decisions: ["approve", "reject"],
      run_id: "thread-1",
    };
    expect(RequestApprovalArgsSchema.parse(full)).toEqual(full);
  });

  it.each(["langgraph", "openai-agents", "ai-sdk", "my.agent_2"])("accepts source %j", (source) => {
    expect(problemOf({ ...CALL, source })).toBe("accepted");
  });

  it.each(["LangGraph", "", "-x", "a b", "x".repeat(65)])("refuses source %j by name", (source) => {
    expect(problemOf({ ...CALL, source })).toMatch(/^source: 1 to 64 lowercase letters/);
  });

  it.each(["send_email", "github.create_issue", "Send Email", "mcp__fs__write"])(
    "accepts tool %j",
    (tool) => {
      expect(problemOf({ ...CALL, tool })).toBe("accepted");
    },
  );

  it.each(["send`email", "send_email\nArguments:", "send\u202Eliame", "tab\tbed", ""])(
    "refuses tool %j, which could forge lines of the card's question",
    (tool) => {
      expect(problemOf({ ...CALL, tool })).toMatch(/^tool: /);
    },
  );

  it("bounds arguments and input_schema by their JSON length", () => {
    const padding = MAX_APPROVAL_JSON_LENGTH - JSON.stringify({ body: "" }).length;
    expect(problemOf({ ...CALL, arguments: { body: "x".repeat(padding) } })).toBe("accepted");
    expect(problemOf({ ...CALL, arguments: { body: "x".repeat(padding + 1) } })).toBe(
      `arguments: arguments must be at most ${MAX_APPROVAL_JSON_LENGTH} characters of JSON`,
    );
    expect(problemOf({ ...CALL, input_schema: { description: "x".repeat(padding + 1) } })).toBe(
      `input_schema: input_schema must be at most ${MAX_APPROVAL_JSON_LENGTH} characters of JSON`,
    );
  });

  it("refuses an unknown or empty list of decisions", () => {
    expect(problemOf({ ...CALL, allowed_decisions: ["approve", "maybe"] })).toMatch(
      /^allowed_decisions\.1: Invalid option/,
    );
    expect(problemOf({ ...CALL, allowed_decisions: [] })).toMatch(/^allowed_decisions: Too small/);
  });

  it("refuses arguments that are not an object", () => {
    expect(problemOf({ ...CALL, arguments: ["a@b.c"] })).toMatch(/^arguments: /);
  });
});

describe("RequestApprovalResultSchema", () => {
  it.each(["approve", "edit", "reject", "timeout", "cancelled"])(
    "accepts decision %j",
    (decision) => {
      expect(RequestApprovalResultSchema.safeParse({ inquiryId: "i1", decision }).success).toBe(
        true,
      );
    },
  );

  it("refuses an unknown decision", () => {
    expect(
      RequestApprovalResultSchema.safeParse({ inquiryId: "i1", decision: "delegate" }).success,
    ).toBe(false);
  });
});
