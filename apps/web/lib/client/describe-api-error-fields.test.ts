import { describe, expect, it } from "vitest";
import { CreateAgentKeyBodySchema, CredentialsSchema } from "@inquiry-hub/protocol";
import { ApiClientError } from "./api-client-error";
import { describeIssue, fieldErrorsOf, refusedFieldsOf } from "./describe-api-error-fields";
import type { FieldIssue, FieldWordings } from "./describe-api-error-fields";
import { describeApiError } from "./describe-api-error";
import { createTranslator } from "../i18n/translate";

const en = createTranslator("en");
const zh = createTranslator("zh-CN");

const FIELDS: FieldWordings = {
  username: { label: "login.username", format: "login.usernameFormat" },
  password: { label: "login.password" },
  name: { label: "agentKeys.name" },
  expiresInDays: { label: "agentKeys.expiry" },
};

describe("describeIssue", () => {
  it.each<[string, FieldIssue, string, string]>([
    [
      "too_small on a string",
      { code: "too_small", origin: "string", minimum: 8, path: ["password"] },
      "Password needs at least 8 characters.",
      "密码至少需要 8 个字符。",
    ],
    [
      "too_small of one character (an empty field)",
      { code: "too_small", origin: "string", minimum: 1, path: ["name"] },
      "Name is required.",
      "请填写名称。",
    ],
    [
      "too_big on a string",
      { code: "too_big", origin: "string", maximum: 32, path: ["username"] },
      "Username can have at most 32 characters.",
      "用户名最多 32 个字符。",
    ],
    [
      "too_small on a number",
      { code: "too_small", origin: "number", minimum: 1, path: ["expiresInDays"] },
      "Expires after must be at least 1.",
      "有效期不能小于 1。",
    ],
    [
      "too_big on a number",
      { code: "too_big", origin: "number", maximum: 365, path: ["expiresInDays"] },
      "Expires after must be at most 365.",
      "有效期不能大于 365。",
    ],
    [
      "invalid_format with the field's own wording",
      { code: "invalid_format", path: ["username"] },
      "Username can use only letters, digits, “_”, “.” and “-”.",
      "用户名只能包含字母、数字以及“_”“.”“-”。",
    ],
    [
      "invalid_format without one",
      { code: "invalid_format", path: ["name"] },
      "Name is not in the accepted format.",
      "名称的格式不正确。",
    ],
    [
      "invalid_type expecting a whole number",
      { code: "invalid_type", expected: "int", path: ["expiresInDays"] },
      "Expires after must be a whole number.",
      "有效期必须是整数。",
    ],
    [
      "invalid_type of anything else",
      { code: "invalid_type", expected: "string", path: ["password"] },
      "Password: this value is not accepted.",
      "密码：不接受此值。",
    ],
    [
      "a code without words of its own (custom, invalid_value …)",
      { code: "custom", path: ["username"] },
      "Username: this value is not accepted.",
      "用户名：不接受此值。",
    ],
    [
      "too_small of a kind of value without words (an array)",
      { code: "too_small", origin: "array", minimum: 1, path: ["name"] },
      "Name: this value is not accepted.",
      "名称：不接受此值。",
    ],
    [
      "a field the form does not name",
      { code: "unrecognized_keys", path: [] },
      "A value in the form was not accepted. Check it and try again.",
      "表单中有一项内容未被接受。请检查后重试。",
    ],
  ])("words %s in English and Chinese", (_, issue, english, chinese) => {
    expect(describeIssue(issue, en, FIELDS)).toBe(english);
    expect(describeIssue(issue, zh, FIELDS)).toBe(chinese);
  });
});

describe("fieldErrorsOf", () => {
  it("keeps the first problem of each field from the protocol's own schema", () => {
    const issues =
      CredentialsSchema.safeParse({ username: "a!", password: "abc" }).error?.issues ?? [];
    expect(fieldErrorsOf(issues, en, FIELDS)).toEqual({
      fields: {
        username: "Username needs at least 3 characters.",
        password: "Password needs at least 8 characters.",
      },
      form: undefined,
    });
  });

  it("puts problems of fields the form does not show on the form", () => {
    const issues = CreateAgentKeyBodySchema.safeParse({ name: "  ", extra: 1 }).error?.issues ?? [];
    expect(fieldErrorsOf(issues, zh, { name: { label: "agentKeys.name" } })).toEqual({
      fields: { name: "请填写名称。" },
      form: "表单中有一项内容未被接受。请检查后重试。",
    });
  });
});

describe("a refusal naming its fields", () => {
  const refusal = new ApiClientError(
    "BAD_REQUEST",
    400,
    "password: Too small: expected string to have >=8 characters",
    {
      details: [{ path: "password", message: "Too small: expected string to have >=8 characters" }],
    },
  );

  it("is read as the fields it names, without the validator's words", () => {
    expect(refusedFieldsOf(refusal)).toEqual([{ code: "custom", path: ["password"] }]);
    expect(fieldErrorsOf(refusedFieldsOf(refusal) ?? [], zh, FIELDS).fields).toEqual({
      password: "密码：不接受此值。",
    });
    expect(describeApiError(refusal, en, "login.failed")).toBe(
      "A value in the form was not accepted. Check it and try again.",
    );
  });

  it("is not found in other refusals", () => {
    expect(refusedFieldsOf(new ApiClientError("BAD_REQUEST", 400, "bad"))).toBeUndefined();
    expect(
      refusedFieldsOf(
        new ApiClientError("CONFLICT", 409, "x", { details: [{ path: "a", message: "b" }] }),
      ),
    ).toBeUndefined();
    expect(refusedFieldsOf(new TypeError("boom"))).toBeUndefined();
  });
});
