import { lexSql, SQL_DIALECTS } from "./sql-lexer";
import type { SqlDialect, SqlLexing, SqlToken } from "./sql-lexer";
import { SQL_STATEMENT_KINDS } from "./sql-kinds";
import type { SqlStatementKind } from "./sql-kinds";

/**
 * How a query is read into the statement kinds of `sql-kinds.ts`, for `sql` policy conditions. A query is judged
 * only when every dialect of `sql-lexer.ts` reads the same statements with no comment in them;
 * anything else (a comment, an unterminated string, a keyword not listed here, dialects that
 * disagree) is "cannot judge", which a `when` treats as triggering and an `allow` as not
 * permitting. Pure functions; no I/O.
 */

/** Leading keywords that are not a kind's own name. */
const KEYWORD_ALIASES: Readonly<Record<string, SqlStatementKind>> = {
  values: "select",
  table: "select",
  analyse: "analyze",
  exec: "execute",
  begin: "transaction",
  commit: "transaction",
  rollback: "transaction",
  savepoint: "transaction",
  release: "transaction",
  end: "transaction",
  abort: "transaction",
};

/** Words EXPLAIN/DESCRIBE may carry before the statement they explain. */
const EXPLAIN_OPTIONS = new Set([
  "analyze",
  "analyse",
  "verbose",
  "query",
  "plan",
  "extended",
  "partitions",
  "format",
  "json",
  "tree",
  "traditional",
]);

const KINDS = new Set<string>(SQL_STATEMENT_KINDS);

/** WITH bodies and EXPLAINs nested deeper than this are not judged. */
const MAX_NESTING = 16;

/** Longer queries are not judged: reading them would hold the event loop for every caller. */
export const MAX_JUDGED_SQL_LENGTH = 100_000;

function kindOfKeyword(token: SqlToken | undefined): SqlStatementKind | undefined {
  if (token?.type !== "word") return undefined;
  if (Object.hasOwn(KEYWORD_ALIASES, token.text)) return KEYWORD_ALIASES[token.text];
  return KINDS.has(token.text) ? (token.text as SqlStatementKind) : undefined;
}

function isWord(token: SqlToken | undefined, ...texts: string[]): boolean {
  return token?.type === "word" && texts.includes(token.text);
}

function isSymbol(token: SqlToken | undefined, text: string): boolean {
  return token?.type === "symbol" && token.text === text;
}

/** Index just past the parenthesis closing the one at `open`, or undefined if unbalanced. */
function closingParenthesis(tokens: readonly SqlToken[], open: number): number | undefined {
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    if (isSymbol(tokens[index], "(")) depth += 1;
    else if (isSymbol(tokens[index], ")")) depth -= 1;
    if (depth === 0) return index + 1;
  }
  return undefined;
}

/**
 * `WITH [RECURSIVE] name [(columns)] AS [NOT] [MATERIALIZED] (body), … statement`: the final
 * statement's kinds first, then every body's (a PostgreSQL CTE may itself DELETE).
 */
function withKinds(tokens: readonly SqlToken[], depth: number): SqlStatementKind[] | undefined {
  const bodies: SqlStatementKind[] = [];
  let index = isWord(tokens[0], "recursive") ? 1 : 0;
  for (;;) {
    const name = tokens[index];
    if (name?.type === "symbol") return undefined;
    index += 1;
    if (isSymbol(tokens[index], "(")) {
      const columnsEnd = closingParenthesis(tokens, index);
      if (columnsEnd === undefined) return undefined;
      index = columnsEnd;
    }
    if (!isWord(tokens[index], "as")) return undefined;
    index += 1;
    if (isWord(tokens[index], "not")) index += 1;
    if (isWord(tokens[index], "materialized")) index += 1;
    if (!isSymbol(tokens[index], "(")) return undefined;
    const end = closingParenthesis(tokens, index);
    if (end === undefined) return undefined;
    const body = statementKinds(tokens.slice(index + 1, end - 1), depth + 1);
    if (body === undefined) return undefined;
    bodies.push(...body);
    index = end;
    if (!isSymbol(tokens[index], ",")) break;
    index += 1;
  }
  const final = statementKinds(tokens.slice(index), depth + 1);
  return final === undefined ? undefined : [...final, ...bodies];
}

/**
 * EXPLAIN/DESCRIBE counts as the statement it explains (ANALYZE runs it). Without one, MySQL's
 * `DESCRIBE table [column]` describes a table.
 */
function explainKinds(tokens: readonly SqlToken[], depth: number): SqlStatementKind[] | undefined {
  let index = isSymbol(tokens[0], "(") ? closingParenthesis(tokens, 0) : 0;
  if (index === undefined) return undefined;
  while (isWord(tokens[index], ...EXPLAIN_OPTIONS) || isSymbol(tokens[index], "=")) index += 1;
  const rest = tokens.slice(index);
  if (rest.length === 0) return undefined;
  if (kindOfKeyword(rest[0]) !== undefined || isSymbol(rest[0], "(") || isWord(rest[0], "with"))
    return statementKinds(rest, depth + 1);
  const describesTable =
    index === 0 &&
    rest.every((token) => token.type === "quoted" || isSymbol(token, ".") || token.type === "word");
  return describesTable && !rest.some((token) => kindOfKeyword(token) !== undefined)
    ? ["describe"]
    : undefined;
}

/**
 * The kinds one statement has, main kind first, or undefined when it cannot be judged (also
 * past {@link MAX_NESTING} nested WITH/EXPLAIN, so a crafted query cannot exhaust the stack).
 */
function statementKinds(tokens: readonly SqlToken[], depth = 0): SqlStatementKind[] | undefined {
  if (depth > MAX_NESTING) return undefined;
  let start = 0;
  while (isSymbol(tokens[start], "(")) start += 1;
  const first = tokens[start];
  const rest = tokens.slice(start + 1);
  if (isWord(first, "with")) return withKinds(rest, depth);
  if (isWord(first, "explain", "describe", "desc")) return explainKinds(rest, depth);
  if (isWord(first, "start")) return isWord(rest[0], "transaction") ? ["transaction"] : undefined;
  const kind = kindOfKeyword(first);
  if (kind === "select" && rest.some((token) => isWord(token, "into"))) return ["select", "create"];
  return kind === undefined ? undefined : [kind];
}

/** Why a query cannot be judged; every one of them means "ask the person". */
export type SqlUnjudgeableReason =
  | Extract<SqlLexing, { readable: false }>["reason"]
  | "empty"
  | "too-long"
  | "comment"
  | "unknown-statement"
  | "dialects-disagree";

/** A query as one dialect reads it: each statement's kinds, and whether a comment appeared. */
export type SqlReading =
  | { judged: true; statements: SqlStatementKind[][]; comments: boolean }
  | { judged: false; reason: SqlUnjudgeableReason };

/**
 * Each statement's kinds as `dialect` reads `query`, main kind first, then those of its WITH
 * bodies (`SELECT … INTO` adds `create`).
 *
 * @example readSqlStatements("SELECT '/*'; DELETE FROM notes; SELECT '*\/'", "standard")
 *   // { judged: true, statements: [["select"], ["delete"], ["select"]], comments: false }
 */
export function readSqlStatements(query: string, dialect: SqlDialect): SqlReading {
  const lexing = lexSql(query, dialect);
  if (!lexing.readable) return { judged: false, reason: lexing.reason };
  if (lexing.statements.length === 0) return { judged: false, reason: "empty" };
  const statements: SqlStatementKind[][] = [];
  for (const tokens of lexing.statements) {
    const kinds = statementKinds(tokens);
    if (kinds === undefined) return { judged: false, reason: "unknown-statement" };
    statements.push(kinds);
  }
  return { judged: true, statements, comments: lexing.comments };
}

/**
 * The query's statements when every dialect reads them alike and no comment appears in any
 * reading; otherwise the first reason it cannot be judged.
 *
 * @example judgeSql("select 1; delete from notes") // { judged: true, statements: [["select"], ["delete"]], comments: false }
 * @example judgeSql("SELECT 1 /*! DELETE FROM notes *\/") // { judged: false, reason: "comment" }
 */
export function judgeSql(query: string): SqlReading {
  if (query.length > MAX_JUDGED_SQL_LENGTH) return { judged: false, reason: "too-long" };
  const readings: SqlStatementKind[][][] = [];
  for (const dialect of SQL_DIALECTS) {
    const reading = readSqlStatements(query, dialect);
    if (!reading.judged) return reading;
    if (reading.comments) return { judged: false, reason: "comment" };
    readings.push(reading.statements);
  }
  const [first, ...others] = readings.map((statements) => JSON.stringify(statements));
  if (others.some((other) => other !== first))
    return { judged: false, reason: "dialects-disagree" };
  return { judged: true, statements: readings[0] ?? [], comments: false };
}
