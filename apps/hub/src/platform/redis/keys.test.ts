import { describe, expect, it } from "vitest";
import { createKeyLayout, parsePendingMember, pendingMember } from "./keys";

describe("the Redis key layout", () => {
  it("puts everything of one user under the user's hash tag", () => {
    const keys = createKeyLayout("ih:");
    const tagged = [
      keys.inquiry("u1", "i1"),
      ...Object.values(keys.userKeys("u1")),
      keys.idempotency({ userId: "u1", credentialId: "c1" }, "k"),
      keys.idempotencyResult({ userId: "u1", credentialId: "c1" }, "k"),
      keys.accountKeys.settings("u1"),
      keys.channelKeys.webhookConfig("u1"),
      keys.conversationKeys.userConversations("u1"),
      keys.teamKeys.sharedApprovals("u1"),
    ];
    for (const key of tagged) expect(key).toMatch(/^ih:\{u:u1\}:/);
    expect(keys.inquiryOwner("i1")).toBe("ih:inquiry-owner:i1");
  });

  it("scopes idempotency keys by credential, with no way for one credential to spell another's", () => {
    const keys = createKeyLayout("ih:");
    const ofAgent = (credentialId: string, key: string) =>
      keys.idempotency({ userId: "u1", credentialId }, key);
    expect(ofAgent("key-a", "k")).not.toBe(ofAgent("key-b", "k"));
    expect(ofAgent("a:b", "c")).not.toBe(ofAgent("a", "b:c"));
  });

  it("refuses a key prefix with a hash-tag brace, naming the problem", () => {
    expect(() => createKeyLayout("ih{x}:")).toThrow(/must not contain '\{' or '\}'/);
    expect(() => createKeyLayout("")).toThrow();
  });

  it("round-trips pending-index members, user ids with slashes included", () => {
    expect(parsePendingMember(pendingMember("team/a", "id-1"))).toStrictEqual({
      userId: "team/a",
      inquiryId: "id-1",
    });
    expect(parsePendingMember("no-slash")).toBeUndefined();
  });
});
