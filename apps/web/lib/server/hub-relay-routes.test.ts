import { describe, expect, it } from "vitest";
import { matchRelayRoute } from "./hub-relay-routes";
import type { RelayMethod } from "./hub-relay-routes";

/** The hub path a listed route calls, or the miss. */
function hubPathFor(method: RelayMethod, browserPath: string[]) {
  const match = matchRelayRoute(method, browserPath);
  return "reason" in match ? match : match.hubPath;
}

describe("matchRelayRoute: the allow-list of the plain hub routes", () => {
  it.each<[RelayMethod, string[], string]>([
    ["DELETE", ["agent-keys", "k1"], "/api/agent-keys/k1"],
    ["POST", ["approval-batches", "b1", "decide"], "/api/approval-batches/b1/decide"],
    ["GET", ["approval-rules"], "/api/approval-rules"],
    ["POST", ["approval-rules"], "/api/approval-rules"],
    ["GET", ["approval-rules", "export"], "/api/approval-rules/export"],
    ["POST", ["approval-rules", "import"], "/api/approval-rules/import"],
    ["POST", ["approval-rules", "preview"], "/api/approval-rules/preview"],
    ["GET", ["approval-rules", "suggestions", "i1"], "/api/approval-rules/suggestions/i1"],
    ["GET", ["audit", "export"], "/api/audit/export"],
    ["GET", ["audit", "public-key"], "/api/audit/public-key"],
    ["PATCH", ["approval-rules", "r1"], "/api/approval-rules/r1"],
    ["DELETE", ["approval-rules", "r1"], "/api/approval-rules/r1"],
    ["GET", ["conversations"], "/api/conversations"],
    ["POST", ["conversations"], "/api/conversations"],
    ["GET", ["conversations", "c1"], "/api/conversations/c1"],
    ["PATCH", ["conversations", "c1"], "/api/conversations/c1"],
    ["DELETE", ["conversations", "c1"], "/api/conversations/c1"],
    ["GET", ["devices"], "/api/devices"],
    ["GET", ["history", "i1"], "/api/history/i1"],
    ["GET", ["inquiries"], "/api/inquiries?status=pending"],
    ["GET", ["inquiries", "i1"], "/api/inquiries/i1"],
    ["POST", ["inquiries", "i1", "answer"], "/api/inquiries/i1/answer"],
    ["POST", ["inquiries", "i1", "extend"], "/api/inquiries/i1/extend"],
    ["GET", ["inquiries", "i1", "receipts"], "/api/inquiries/i1/receipts"],
    ["POST", ["pairing"], "/api/pairing"],
    ["GET", ["pairing", "p1"], "/api/pairing/p1"],
    ["GET", ["settings"], "/api/settings"],
    ["PUT", ["settings"], "/api/settings"],
  ])("%s /api/%s → the hub's %s", (method, path, hubPath) => {
    expect(hubPathFor(method, path)).toBe(hubPath);
  });

  it("says where each body comes from", () => {
    const body = (method: RelayMethod, path: string[]) => {
      const match = matchRelayRoute(method, path);
      return "reason" in match ? match : match.body;
    };
    expect(body("GET", ["devices"])).toEqual({ kind: "none" });
    expect(body("POST", ["conversations"])).toEqual({ kind: "optional" });
    expect(body("POST", ["inquiries", "i1", "extend"])).toEqual({ kind: "empty" });
    expect(body("PUT", ["settings"])).toEqual({
      kind: "required",
      missing: "Send a JSON settings body.",
    });
    expect(body("POST", ["inquiries", "i1", "answer"])).toMatchObject({
      kind: "required",
      afterChecks: true,
    });
    expect(body("POST", ["approval-batches", "b1", "decide"])).toMatchObject({
      kind: "required",
      afterChecks: true,
    });
  });

  it("keeps the audit export's file name and both audit answers' no-store, and nothing more elsewhere", () => {
    const kept = (path: string[]) => {
      const match = matchRelayRoute("GET", path);
      return "reason" in match ? match : match.keepHeaders;
    };
    expect(kept(["audit", "export"])).toEqual(["content-disposition", "cache-control"]);
    expect(kept(["audit", "public-key"])).toEqual(["cache-control"]);
    expect(kept(["approval-rules", "export"])).toEqual([]);
  });

  it("relays the audit routes for reading only, and no other audit path", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      expect(matchRelayRoute(method, ["audit", "export"])).toEqual({
        reason: "method",
        allowed: ["GET"],
      });
    }
    for (const path of [
      ["audit"],
      ["audit", "append"],
      ["audit", "export", "x"],
      ["audit", ".."],
    ]) {
      expect(hubPathFor("GET", path), path.join("/")).toEqual({ reason: "unlisted" });
    }
  });

  it("lists no other hub path, however near a listed one", () => {
    for (const path of [
      ["auth", "me"],
      ["agent-keys"],
      ["approval-batches", "b1"],
      ["agent-keys", "k1", "secret"],
      ["inquiries", "i1", "cancel"],
      ["history"],
      ["settings", "yolo"],
      ["admin"],
      ["Devices"],
      ["devices", ""],
    ]) {
      expect(hubPathFor("GET", path), path.join("/")).toEqual({ reason: "unlisted" });
    }
  });

  it("refuses a dot segment for an id, which the hub URL would resolve upwards", () => {
    for (const path of [
      ["agent-keys", ".."],
      ["conversations", "."],
      ["inquiries", "..", "receipts"],
      ["history", ""],
    ]) {
      const method: RelayMethod = path[0] === "agent-keys" ? "DELETE" : "GET";
      expect(hubPathFor(method, path), path.join("/")).toEqual({ reason: "unlisted" });
    }
  });

  it("keeps an id with slashes or dots in one encoded segment of the same hub route", () => {
    for (const id of ["../../auth/me", "a/b", "..%2F..", "?status=all", "#x", "%2e%2e"]) {
      const hubPath = `/api/inquiries/${encodeURIComponent(id)}/receipts`;
      expect(hubPathFor("GET", ["inquiries", id, "receipts"])).toBe(hubPath);
      const resolved = new URL(hubPath, "http://hub.test");
      expect(resolved.pathname, id).toMatch(/^\/api\/inquiries\/[^/]+\/receipts$/);
      expect(resolved.search, id).toBe("");
    }
  });

  it("keeps the rules' named paths from their :id route, and their ids to one segment", () => {
    expect(matchRelayRoute("DELETE", ["approval-rules", "export"])).toEqual({
      reason: "method",
      allowed: ["GET"],
    });
    expect(matchRelayRoute("GET", ["approval-rules", "r1"])).toEqual({
      reason: "method",
      allowed: ["PATCH", "DELETE"],
    });
    expect(hubPathFor("GET", ["approval-rules", "suggestions", ".."])).toEqual({
      reason: "unlisted",
    });
    expect(hubPathFor("GET", ["approval-rules", "suggestions"])).toEqual({
      reason: "method",
      allowed: ["PATCH", "DELETE"],
    });
  });

  it("tells a wrong method apart, naming the allowed ones", () => {
    expect(matchRelayRoute("DELETE", ["settings"])).toEqual({
      reason: "method",
      allowed: ["GET", "PUT"],
    });
    expect(matchRelayRoute("GET", ["pairing"])).toEqual({ reason: "method", allowed: ["POST"] });
    expect(matchRelayRoute("POST", ["inquiries", "i1"])).toEqual({
      reason: "method",
      allowed: ["GET"],
    });
  });
});
