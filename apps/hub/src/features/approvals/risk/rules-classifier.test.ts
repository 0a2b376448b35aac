import { MAX_RISK_REASON_LENGTH } from "@inquiry-hub/protocol";
import type { RiskLevel } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { classifyRisk } from "./rules-classifier";

interface Case {
  what: string;
  tool: string;
  args?: Record<string, unknown>;
  description?: string;
  level: RiskLevel;
  reason: string;
}

const cases: Case[] = [
  // The tool's verb.
  {
    what: "a read",
    tool: "read_file",
    args: { path: "notes/a.md" },
    level: "low",
    reason: "Only reads: read_file",
  },
  { what: "a camelCase list", tool: "listIssues", level: "low", reason: "Only reads: listIssues" },
  {
    what: "a search",
    tool: "search",
    args: { query: "cats" },
    level: "low",
    reason: "Only reads: search",
  },
  {
    what: "the first verb decides",
    tool: "get_deleted_items",
    level: "low",
    reason: "Only reads: get_deleted_items",
  },
  {
    what: "a write",
    tool: "write_file",
    args: { path: "notes/a.md", content: "hi" },
    level: "medium",
    reason: "Writes or sends: write_file",
  },
  {
    what: "a create",
    tool: "create_issue",
    args: { title: "Bug" },
    level: "medium",
    reason: "Writes or sends: create_issue",
  },
  {
    what: "a send",
    tool: "send_message",
    args: { to: "ana" },
    level: "medium",
    reason: "Writes or sends: send_message",
  },
  { what: "a post", tool: "slack.post", level: "medium", reason: "Writes or sends: slack.post" },
  {
    what: "an update",
    tool: "updateRecord",
    level: "medium",
    reason: "Writes or sends: updateRecord",
  },
  {
    what: "a delete",
    tool: "delete_file",
    args: { path: "notes/a.md" },
    level: "high",
    reason: "Deletes or destroys: delete_file",
  },
  {
    what: "a verb last",
    tool: "repo_remove",
    level: "high",
    reason: "Deletes or destroys: repo_remove",
  },
  { what: "a drop", tool: "drop_table", level: "high", reason: "Deletes or destroys: drop_table" },
  {
    what: "a kill",
    tool: "kill_process",
    args: { pid: 42 },
    level: "high",
    reason: "Deletes or destroys: kill_process",
  },
  {
    what: "a revoke",
    tool: "revokeToken",
    level: "high",
    reason: "Deletes or destroys: revokeToken",
  },
  {
    what: "a destroy",
    tool: "destroy_vm",
    level: "high",
    reason: "Deletes or destroys: destroy_vm",
  },
  {
    what: "no verb, described as a read",
    tool: "notes",
    description: "Lists the notes",
    level: "low",
    reason: "Only reads (as described): notes",
  },
  {
    what: "no verb, described as a deletion",
    tool: "cleanup",
    description: "Deletes old branches",
    level: "high",
    reason: "Deletes or destroys (as described): cleanup",
  },
  {
    what: "no verb anywhere",
    tool: "frobnicate",
    description: "Your agent wants to call a tool",
    level: "medium",
    reason: "Effect unknown: frobnicate",
  },
  // SQL.
  {
    what: "a SELECT",
    tool: "run_query",
    args: { sql: "SELECT * FROM notes" },
    level: "low",
    reason: "Only reads data: SELECT * FROM notes",
  },
  {
    what: "an INSERT",
    tool: "query",
    args: { sql: "INSERT INTO notes VALUES (1)" },
    level: "medium",
    reason: "Writes data: INSERT INTO notes VALUES (1)",
  },
  {
    what: "a DELETE",
    tool: "execute_sql",
    args: { sql: "DELETE FROM notes" },
    level: "high",
    reason: "Deletes rows: DELETE FROM notes",
  },
  {
    what: "a DROP after a SELECT",
    tool: "sql",
    args: { statement: "select 1; drop table notes" },
    level: "high",
    reason: "Drops tables or other objects: select 1; drop table notes",
  },
  {
    what: "a TRUNCATE",
    tool: "db",
    args: { sql: "TRUNCATE notes" },
    level: "high",
    reason: "Empties tables: TRUNCATE notes",
  },
  {
    what: "an ALTER",
    tool: "db",
    args: { sql: "ALTER TABLE notes ADD x int" },
    level: "high",
    reason: "Changes the schema: ALTER TABLE notes ADD x int",
  },
  {
    what: "a CTE that deletes",
    tool: "db",
    args: { sql: "WITH d AS (DELETE FROM notes RETURNING *) SELECT * FROM d" },
    level: "high",
    reason: "Deletes rows: WITH d AS (DELETE FROM notes RETURNING *) SELECT * FROM d",
  },
  {
    what: "SQL hiding in a comment",
    tool: "db",
    args: { sql: "SELECT 1 /*! DELETE FROM notes */" },
    level: "high",
    reason: "SQL the hub cannot read (comment): SELECT 1 /*! DELETE FROM notes */",
  },
  {
    what: "a query argument that starts like SQL",
    tool: "run",
    args: { query: "delete from notes" },
    level: "high",
    reason: "Deletes rows: delete from notes",
  },
  {
    what: "a SELECT on a destructive tool stays high",
    tool: "delete_rows",
    args: { sql: "SELECT 1" },
    level: "high",
    reason: "Deletes or destroys: delete_rows",
  },
  // Paths.
  {
    what: "an absolute path",
    tool: "write_file",
    args: { path: "/etc/passwd" },
    level: "high",
    reason: "Writes outside the sandbox: /etc/passwd",
  },
  {
    what: "a .. escape",
    tool: "write_file",
    args: { file_path: "notes/../../secrets.txt" },
    level: "high",
    reason: "Writes outside the sandbox: notes/../../secrets.txt",
  },
  {
    what: "a read outside",
    tool: "read_file",
    args: { path: "/etc/shadow" },
    level: "high",
    reason: "Reads outside the sandbox: /etc/shadow",
  },
  {
    what: "a home folder",
    tool: "copy",
    args: { destination: "~/.ssh/authorized_keys" },
    level: "high",
    reason: "Writes outside the sandbox: ~/.ssh/authorized_keys",
  },
  {
    what: "a Windows drive",
    tool: "move_file",
    args: { target: "C:\\Windows\\system32" },
    level: "high",
    reason: "Writes outside the sandbox: C:\\Windows\\system32",
  },
  {
    what: "a nested list of paths",
    tool: "read_files",
    args: { options: { paths: ["a.md", "/root/x"] } },
    level: "high",
    reason: "Reads outside the sandbox: /root/x",
  },
  {
    what: "a relative path inside",
    tool: "write_file",
    args: { path: "./notes/./a.md" },
    level: "medium",
    reason: "Writes or sends: write_file",
  },
  // Money.
  {
    what: "an amount",
    tool: "create_invoice",
    args: { amount: 120 },
    level: "high",
    reason: "Moves money: amount 120",
  },
  {
    what: "a currency",
    tool: "quote",
    args: { currency: "EUR" },
    level: "high",
    reason: "Moves money: currency EUR",
  },
  {
    what: "an IBAN",
    tool: "add_beneficiary",
    args: { beneficiary: { iban: "DE89370400440532013000" } },
    level: "high",
    reason: "Moves money: beneficiary.iban DE89370400440532013000",
  },
  {
    what: "a transfer tool",
    tool: "transfer_funds",
    level: "high",
    reason: "Moves money: transfer_funds",
  },
  {
    what: "a refund tool",
    tool: "stripe.refund",
    level: "high",
    reason: "Moves money: stripe.refund",
  },
  {
    what: "a count is no money",
    tool: "list_items",
    args: { total_count: 3 },
    level: "low",
    reason: "Only reads: list_items",
  },
  // Raising flags.
  {
    what: "force raises a write",
    tool: "git_push",
    args: { force: true },
    level: "high",
    reason: "Writes or sends: git_push, with force",
  },
  {
    what: "recursive raises a read",
    tool: "list_dir",
    args: { path: "notes", recursive: true },
    level: "medium",
    reason: "Only reads: list_dir, with recursive",
  },
  {
    what: "overwrite as a string",
    tool: "save",
    args: { overwrite: "true" },
    level: "high",
    reason: "Writes or sends: save, with overwrite",
  },
  {
    what: "a false flag changes nothing",
    tool: "write_file",
    args: { path: "a.md", overwrite: false },
    level: "medium",
    reason: "Writes or sends: write_file",
  },
  {
    what: "high stays high",
    tool: "delete_dir",
    args: { path: "tmp", recursive: true, force: true },
    level: "high",
    reason: "Deletes or destroys: delete_dir, with recursive, force",
  },
];

describe("classifyRisk", () => {
  it.each(cases)("labels $what $level", ({ tool, args = {}, description = "", level, reason }) => {
    expect(classifyRisk({ tool, args, description })).toEqual({ level, reason, source: "rules" });
  });

  it("quotes arguments on one line, without invisible characters, and clips the reason", () => {
    const label = classifyRisk({
      tool: "db",
      args: { sql: `DELETE FROM notes\n\u202eWHERE ${"x".repeat(300)}` },
      description: "",
    });
    expect(label.level).toBe("high");
    expect(label.reason).toMatch(/^Deletes rows: DELETE FROM notes WHERE x+…$/);
    expect(label.reason.length).toBeLessThanOrEqual(MAX_RISK_REASON_LENGTH);
  });

  it("labels high what it does not read: padding cannot hide a path past the limit", () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`k${index}`, "v"]));
    const padded = classifyRisk({
      tool: "read",
      args: { ...many, path: "/etc/passwd" },
      description: "",
    });
    expect(padded).toEqual({
      level: "high",
      reason: "Arguments too many or too deep to read",
      source: "rules",
    });
    let deep: Record<string, unknown> = { path: "/etc/passwd" };
    for (let depth = 0; depth < 10; depth += 1) deep = { inner: deep };
    expect(classifyRisk({ tool: "read", args: deep, description: "" }).level).toBe("high");
  });
});
