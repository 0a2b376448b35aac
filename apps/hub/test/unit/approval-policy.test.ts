import { describe, expect, it } from "vitest";
import {
  decideGate,
  policyFor,
  unlistedPolicyTools,
} from "../../src/features/approvals/approval-policy";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import {
  globToRegExp,
  normalizeRelativePath,
} from "../../src/features/approvals/policy-conditions";
import { judgeSql } from "../../src/features/approvals/sql-statement-kinds";
import { SQL_WRITING_KINDS } from "../../src/features/approvals/sql-kinds";

function upstreamWith(tools: Record<string, unknown>, defaultPolicy: unknown = false) {
  const config = parseProxyConfig({
    upstreams: { demo: { url: "http://127.0.0.1:4200/mcp", default: defaultPolicy, tools } },
  });
  if (config.upstreams.demo === undefined) throw new Error("unreachable");
  return config.upstreams.demo;
}

function asks(tools: Record<string, unknown>, tool: string, args: Record<string, unknown>) {
  return decideGate(policyFor(upstreamWith(tools), tool), args).ask;
}

describe("decideGate", () => {
  it("gates true, passes false, and applies the default to unnamed tools", () => {
    const upstream = upstreamWith({ write_file: true, get_weather: false }, true);
    expect(decideGate(policyFor(upstream, "write_file"), {})).toMatchObject({ ask: true });
    expect(decideGate(policyFor(upstream, "get_weather"), {})).toEqual({
      ask: false,
      because: "ungated",
    });
    expect(decideGate(policyFor(upstream, "unnamed"), {}).ask).toBe(true);
    expect(decideGate(policyFor(upstream, "toString"), {}).ask).toBe(true);
  });

  it("passes allow-listed paths and still asks for the rest", () => {
    const tools = { write_file: { allow: [{ arg: "path", glob: "notes/*.txt" }] } };
    expect(asks(tools, "write_file", { path: "notes/today.txt" })).toBe(false);
    expect(asks(tools, "write_file", { path: "./notes/today.txt" })).toBe(false);
    expect(asks(tools, "write_file", { path: "notes/deep/today.txt" })).toBe(true);
    expect(asks(tools, "write_file", { path: "notes/../secrets/today.txt" })).toBe(true);
    expect(asks(tools, "write_file", { path: "../notes/today.txt" })).toBe(true);
    expect(asks(tools, "write_file", { path: 42 })).toBe(true);
    expect(asks(tools, "write_file", {})).toBe(true);
  });

  it("gates on SQL statement kinds, failing closed on what it cannot read", () => {
    const tools = { execute_sql: { when: [{ arg: "query", sql: ["delete", "update", "drop"] }] } };
    const ask = (query: unknown) => asks(tools, "execute_sql", { query });
    expect(ask("SELECT * FROM notes")).toBe(false);
    expect(ask("  select 1; ")).toBe(false);
    expect(ask("DELETE FROM notes")).toBe(true);
    expect(ask("select 1; drop table notes")).toBe(true);
    expect(ask("/* harmless */ DELETE FROM notes")).toBe(true);
    expect(ask("-- comment\nupdate notes set title = 'x'")).toBe(true);
    expect(ask("select 'a;delete' from notes")).toBe(false);
    expect(ask("WITH gone AS (DELETE FROM notes RETURNING *) SELECT * FROM gone")).toBe(true);
    expect(ask("SELECT '/*'; DELETE FROM notes WHERE id = 1; SELECT '*/'")).toBe(true);
    expect(ask("SELECT 1 /* any comment at all */")).toBe(true);
    expect(ask("select 'unterminated")).toBe(true);
    expect(ask("")).toBe(true);
    expect(ask(undefined)).toBe(true);
  });

  it("allows SQL only as one statement of a listed kind with no comment", () => {
    const tools = { execute_sql: { allow: [{ arg: "query", sql: ["select"] }] } };
    expect(asks(tools, "execute_sql", { query: "select * from notes" })).toBe(false);
    expect(asks(tools, "execute_sql", { query: "select 1; select 2" })).toBe(true);
    expect(asks(tools, "execute_sql", { query: "select 1; delete from notes" })).toBe(true);
    expect(asks(tools, "execute_sql", { query: "select 1 -- just a note" })).toBe(true);
  });

  it("reads `write` as every writing kind and keeps the original kind names", () => {
    const tools = { execute_sql: { when: [{ arg: "query", sql: ["write", "delete"] }] } };
    const policy = policyFor(upstreamWith(tools), "execute_sql");
    expect(policy.gate && policy.when).toEqual([
      { kind: "sql", arg: "query", statements: [...SQL_WRITING_KINDS] },
    ]);
    const ask = (query: string) => asks(tools, "execute_sql", { query });
    for (const query of ["TRUNCATE notes", "PRAGMA user_version = 1", "ATTACH 'x' AS y"])
      expect(ask(query)).toBe(true);
    expect(ask("SELECT * FROM notes")).toBe(false);
    const legacy = ["select", "insert", "update", "delete", "drop", "create", "alter", "truncate"];
    for (const kind of [...legacy, "replace", "merge", "grant", "revoke"])
      expect(() => upstreamWith({ t: { when: [{ arg: "q", sql: [kind] }] } })).not.toThrow();
  });

  it("compares numbers, including numeric strings, and treats non-numbers as triggering", () => {
    const tools = { pay: { when: [{ arg: "order.amount", gt: 100 }] } };
    expect(asks(tools, "pay", { order: { amount: 50 } })).toBe(false);
    expect(asks(tools, "pay", { order: { amount: 150 } })).toBe(true);
    expect(asks(tools, "pay", { order: { amount: "150" } })).toBe(true);
    expect(asks(tools, "pay", { order: { amount: "lots" } })).toBe(true);
    expect(asks(tools, "pay", {})).toBe(true);
  });

  it("gates when any `when` condition triggers", () => {
    const tools = {
      write_file: {
        when: [
          { arg: "path", glob: ["secrets/**", "**/*.env"] },
          { arg: "size", gte: 1000 },
        ],
      },
    };
    expect(asks(tools, "write_file", { path: "notes/a.txt", size: 10 })).toBe(false);
    expect(asks(tools, "write_file", { path: "secrets/a/b.txt", size: 10 })).toBe(true);
    expect(asks(tools, "write_file", { path: "app/prod.env", size: 10 })).toBe(true);
    expect(asks(tools, "write_file", { path: "notes/a.txt", size: 5000 })).toBe(true);
  });
});

describe("condition helpers", () => {
  it("matches globs within and across folders", () => {
    expect(globToRegExp("notes/*.txt").test("notes/a.txt")).toBe(true);
    expect(globToRegExp("notes/*.txt").test("notes/a/b.txt")).toBe(false);
    expect(globToRegExp("secrets/**").test("secrets/a/b")).toBe(true);
    expect(globToRegExp("**/*.env").test("prod.env")).toBe(true);
    expect(globToRegExp("file?.md").test("file1.md")).toBe(true);
    expect(globToRegExp("a.b").test("axb")).toBe(false);
  });

  it("normalizes relative paths and refuses escapes", () => {
    expect(normalizeRelativePath("a\\b/../c.txt")).toBe("a/c.txt");
    expect(normalizeRelativePath("/etc/passwd")).toBeUndefined();
    expect(normalizeRelativePath("C:/x")).toBeUndefined();
    expect(normalizeRelativePath("a/../../x")).toBeUndefined();
  });

  it("splits SQL statements outside quotes", () => {
    expect(judgeSql("select ';'; (select 1); insert into t values ('it''s')")).toEqual({
      judged: true,
      statements: [["select"], ["select"], ["insert"]],
      comments: false,
    });
  });
});

describe("unlistedPolicyTools", () => {
  it("warns about policies on tools the upstream does not list, hinting at case variants", () => {
    const upstream = upstreamWith({ Write_File: true, get_weather: false, shell: true });
    expect(unlistedPolicyTools("demo", upstream, ["write_file", "get_weather"])).toEqual([
      'approval proxy: upstream "demo" lists no tool "Write_File", so its policy applies to nothing (names are case-sensitive: did you mean "write_file"?)',
      'approval proxy: upstream "demo" lists no tool "shell", so its policy applies to nothing',
    ]);
    expect(unlistedPolicyTools("demo", upstream, ["Write_File", "get_weather", "shell"])).toEqual(
      [],
    );
  });
});
