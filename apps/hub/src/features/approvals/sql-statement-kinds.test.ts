import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conditionPermits, conditionTriggers } from "./policy-conditions";
import type { Condition } from "./proxy-policy";
import { judgeSql, MAX_JUDGED_SQL_LENGTH, readSqlStatements } from "./sql-statement-kinds";
import { SQL_READING_KINDS, SQL_WRITING_KINDS } from "./sql-kinds";
import type { SqlStatementKind } from "./sql-kinds";

const allowReads: Condition = { kind: "sql", arg: "query", statements: [...SQL_READING_KINDS] };
const whenWrites: Condition = { kind: "sql", arg: "query", statements: [...SQL_WRITING_KINDS] };
const permits = (condition: Condition, query: string) => conditionPermits(condition, { query });
const triggers = (condition: Condition, query: string) => conditionTriggers(condition, { query });

/** One statement of each writing kind the red team tried, in a form SQLite, PostgreSQL or MySQL run. */
const WRITES: readonly (readonly [SqlStatementKind, string])[] = [
  ["delete", "DELETE FROM notes WHERE id = 1"],
  ["update", "UPDATE notes SET title = 'x'"],
  ["insert", "INSERT INTO notes (title) VALUES ('x')"],
  ["replace", "REPLACE INTO notes (id, title) VALUES (1, 'x')"],
  ["truncate", "TRUNCATE TABLE notes"],
  ["drop", "DROP TABLE notes"],
  ["alter", "ALTER TABLE notes RENAME TO gone"],
  ["attach", "ATTACH DATABASE 'other.db' AS other"],
  ["pragma", "PRAGMA user_version = 7"],
  ["create", "CREATE TABLE evil (x)"],
  ["grant", "GRANT ALL ON notes TO public"],
  ["copy", "COPY notes TO '/tmp/notes.csv'"],
  ["set", "SET search_path = evil"],
  ["lock", "LOCK TABLE notes"],
  ["delete", "WITH doomed AS (SELECT 1) DELETE FROM notes"],
  ["delete", "EXPLAIN ANALYZE DELETE FROM notes"],
];

/** Ways the review hid a statement from a classifier that stripped comments before quotes. */
const DISGUISES: readonly ((write: string) => string)[] = [
  (write) => `SELECT '/*'; ${write}; SELECT '*/'`,
  (write) => `SELECT "/*"; ${write}; SELECT "*/"`,
  (write) => `SELECT '--'; ${write}`,
  (write) => `SELECT 1 /*! ${write} */`,
  (write) => `SELECT 1 /*!50001 ${write} */`,
  (write) => `SELECT 1; -- x\r${write}`,
  (write) => `SELECT 1; # x\r\n${write}`,
  (write) => `/* /* */ ${write}; SELECT 1 /* */ */`,
  (write) => `SELECT $$; ${write}; SELECT $$`,
  (write) => `SELECT E'\\'; ${write}; SELECT '`,
  (write) => `SELECT 'a\\'; ${write}; SELECT '`,
  (write) => `SELECT [;]; ${write}`,
  (write) => `select 1;\n${write.toLowerCase()}`,
  (write) => `(SELECT 1); ${write}`,
];

describe("readSqlStatements: one pass over strings and comments per dialect", () => {
  it("tracks a quote before the comment marker inside it", () => {
    const query = "SELECT '/*'; DELETE FROM notes WHERE id = 1; SELECT '*/'";
    for (const dialect of ["standard", "postgres", "mysql"] as const)
      expect(readSqlStatements(query, dialect)).toEqual({
        judged: true,
        statements: [["select"], ["delete"], ["select"]],
        comments: false,
      });
  });

  it("ends a PostgreSQL -- comment at a carriage return", () => {
    expect(readSqlStatements("SELECT 1; -- x\rDELETE FROM notes", "postgres")).toMatchObject({
      statements: [["select"], ["delete"]],
      comments: true,
    });
  });

  it("reads MySQL's executable comment as code", () => {
    expect(readSqlStatements("SELECT 1; /*!50001 DELETE FROM notes */", "mysql")).toMatchObject({
      statements: [["select"], ["delete"]],
      comments: true,
    });
  });

  it("nests PostgreSQL block comments and keeps dollar-quoted bodies whole", () => {
    expect(readSqlStatements("/* a /* b */ DELETE */ SELECT 1", "postgres")).toMatchObject({
      statements: [["select"]],
    });
    expect(readSqlStatements("/* a /* b */ DELETE */ SELECT 1", "standard")).toMatchObject({
      statements: [["delete"]],
    });
    expect(
      readSqlStatements("CREATE FUNCTION f() AS $body$ DELETE FROM t; $body$", "postgres"),
    ).toMatchObject({ statements: [["create"]] });
  });

  it("knows MySQL's backslash escapes and PostgreSQL's E-strings", () => {
    expect(readSqlStatements("SELECT 'a\\'; DELETE FROM t; SELECT '", "mysql")).toMatchObject({
      statements: [["select"]],
    });
    expect(readSqlStatements("SELECT E'a\\'; DELETE FROM t; SELECT '", "postgres")).toMatchObject({
      statements: [["select"]],
    });
    expect(readSqlStatements("SELECT 'a\\'; DELETE FROM t", "postgres")).toMatchObject({
      statements: [["select"], ["delete"]],
    });
  });

  it("classifies WITH by its final verb plus its bodies, EXPLAIN by what it explains", () => {
    const kinds = (query: string) => readSqlStatements(query, "standard");
    expect(kinds("WITH x AS (SELECT 1), y AS NOT MATERIALIZED (SELECT 2) DELETE FROM t")).toEqual({
      judged: true,
      statements: [["delete", "select", "select"]],
      comments: false,
    });
    expect(kinds("WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone")).toMatchObject({
      statements: [["select", "delete"]],
    });
    expect(kinds("EXPLAIN (ANALYZE, FORMAT JSON) UPDATE t SET a = 1")).toMatchObject({
      statements: [["update"]],
    });
    expect(kinds("EXPLAIN QUERY PLAN SELECT 1")).toMatchObject({ statements: [["select"]] });
    expect(kinds("DESCRIBE notes")).toMatchObject({ statements: [["describe"]] });
    expect(kinds("SELECT * INTO backup FROM notes")).toMatchObject({
      statements: [["select", "create"]],
    });
    expect(kinds("begin; commit")).toMatchObject({
      statements: [["transaction"], ["transaction"]],
    });
  });

  it("cannot judge what it does not know or cannot finish reading", () => {
    for (const query of ["", " ; ", "SHUTDOWN", "START SLAVE", "SELECT 'open", "/* open", "x\0"])
      expect(readSqlStatements(query, "standard").judged).toBe(false);
    expect(readSqlStatements("WITH x AS (SELECT 1", "standard").judged).toBe(false);
    expect(readSqlStatements("SELECT $tag$ never closed", "postgres").judged).toBe(false);
    const nested = `${"WITH x AS (".repeat(40)}SELECT 1${")".repeat(40)} SELECT 1`;
    expect(readSqlStatements(nested, "standard")).toEqual({
      judged: false,
      reason: "unknown-statement",
    });
    expect(judgeSql(`SELECT '${"x".repeat(MAX_JUDGED_SQL_LENGTH)}'`)).toEqual({
      judged: false,
      reason: "too-long",
    });
  });
});

describe("judgeSql and the sql condition", () => {
  it("judges only what every dialect reads alike with no comment", () => {
    expect(judgeSql("SELECT * FROM notes WHERE title = 'it''s'")).toEqual({
      judged: true,
      statements: [["select"]],
      comments: false,
    });
    expect(judgeSql("SELECT 1 -- fine")).toEqual({ judged: false, reason: "comment" });
    expect(judgeSql("SELECT $$;$$")).toEqual({ judged: false, reason: "unknown-statement" });
    expect(judgeSql("SELECT 1 AS $a$; SELECT 2; SELECT $a$")).toEqual({
      judged: false,
      reason: "dialects-disagree",
    });
    expect(judgeSql("SELECT 'it\\'s'")).toEqual({ judged: false, reason: "unterminated" });
  });

  it("allows exactly one statement of listed kinds and gates any listed kind", () => {
    expect(permits(allowReads, "SELECT * FROM notes")).toBe(true);
    expect(permits(allowReads, "select 1; select 2")).toBe(false);
    expect(permits(allowReads, "WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x")).toBe(
      false,
    );
    expect(triggers(whenWrites, "SELECT * FROM notes")).toBe(false);
    expect(triggers(whenWrites, "SELECT 1; TRUNCATE notes")).toBe(true);
  });

  it("never allows a disguised write, and always gates it under the writing kinds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WRITES),
        fc.constantFrom(...DISGUISES),
        ([kind, write], disguise) => {
          const query = disguise(write);
          expect(permits(allowReads, query)).toBe(false);
          expect(triggers(whenWrites, query)).toBe(true);
          expect(triggers({ kind: "sql", arg: "query", statements: [kind] }, query)).toBe(true);
        },
      ),
      { numRuns: WRITES.length * DISGUISES.length * 2 },
    );
  });

  it("never allows a query with a comment anywhere between its tokens", () => {
    const comment = fc.constantFrom("/* x */", "/**/", "-- x\n", "--\n", "# x\n", "/*! 1 */");
    const select = fc.constantFrom(
      "SELECT * FROM notes WHERE id = 1",
      "SELECT title FROM notes ORDER BY id",
      "WITH x AS (SELECT 1) SELECT * FROM x",
    );
    fc.assert(
      fc.property(select, comment, fc.nat(), (query, inserted, at) => {
        const gaps = [...query.matchAll(/ /g)].map((match) => match.index);
        const gap = gaps[at % gaps.length] ?? 0;
        const commented = `${query.slice(0, gap)} ${inserted} ${query.slice(gap + 1)}`;
        expect(permits(allowReads, commented)).toBe(false);
        expect(triggers({ kind: "sql", arg: "query", statements: ["delete"] }, commented)).toBe(
          true,
        );
      }),
    );
  });

  it("splits on real statement boundaries as a reference built from the parts does", () => {
    const literal = fc
      .array(fc.constantFrom("a", " ", ";", "/*", "*/", "--", "#", "$$", "''", "\r", "\n", "é"), {
        maxLength: 8,
      })
      .map((parts) => `'${parts.join("")}'`);
    const name = fc.constantFrom("notes", '"no;tes"', '"a--b"', '"x/*y"');
    const part = (kinds: SqlStatementKind[], build: (text: string, table: string) => string) =>
      fc.tuple(literal, name).map(([text, table]) => ({ kinds, text: build(text, table) }));
    const statement = fc.oneof(
      part(["select"], (text, table) => `SELECT ${text} FROM ${table}`),
      part(["insert"], (text, table) => `INSERT INTO ${table} VALUES (${text})`),
      part(["delete"], (text, table) => `DELETE FROM ${table} WHERE t = ${text}`),
      part(
        ["update", "select"],
        (text, table) => `WITH s AS (SELECT ${text}) UPDATE ${table} SET t = ${text}`,
      ),
      part(["drop"], (_text, table) => `DROP TABLE ${table}`),
    );
    const separator = fc.constantFrom(";", " ; ", ";\n", ";;\r\n");
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 5 }), separator, (parts, join) => {
        const query = parts.map(({ text }) => text).join(join);
        expect(judgeSql(query)).toEqual({
          judged: true,
          statements: parts.map(({ kinds }) => kinds),
          comments: false,
        });
      }),
    );
  });
});
