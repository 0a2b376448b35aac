/**
 * One pass over a SQL query as one database family reads it: strings, quoted identifiers and
 * comments are recognised together, left to right, so a quote hides a comment marker and a
 * comment hides a quote exactly where that database says so (`SELECT '/*'; DELETE …; SELECT '*\/'`
 * is three statements). The proxy does not know which database an upstream runs, so
 * `sql-statement-kinds.ts` reads every query under each dialect here and trusts only what all
 * of them agree on. Pure functions; no I/O.
 */

/**
 * - `standard`: SQLite and the SQL standard: `''` and `""` doubling, `` ` `` and `[…]`
 *   identifiers, `--` to a line feed, flat `/* *\/`.
 * - `postgres`: `E'…'` backslash escapes, `$tag$…$tag$` strings, `--` to a line feed or a
 *   carriage return, nested `/* *\/`.
 * - `mysql`: backslash escapes in `'…'` and `"…"`, `#` and `-- ` comments, `/*! … *\/` and
 *   `/*M! … *\/` whose content MySQL/MariaDB execute.
 */
export type SqlDialect = "standard" | "postgres" | "mysql";

export const SQL_DIALECTS: readonly SqlDialect[] = ["standard", "postgres", "mysql"];

/** A keyword or bare identifier (lower-cased), a quoted string or name, or one other character. */
export type SqlToken =
  { type: "word"; text: string } | { type: "quoted" } | { type: "symbol"; text: string };

/** The statements (split at `;` outside strings and comments) and whether a comment appeared. */
export type SqlLexing =
  | { readable: true; statements: SqlToken[][]; comments: boolean }
  | { readable: false; reason: "unterminated" | "nul-character" | "nested-executable-comment" };

/** Thrown inside the pass, turned into `readable: false` at its edge. */
class UnreadableSql extends Error {
  constructor(readonly reason: Extract<SqlLexing, { readable: false }>["reason"]) {
    super(reason);
  }
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r", "\f", "\v"]);
const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
const VERSION_DIGITS = /\d*/y;

/** Index just past the quote that closes the string opened at `start`. */
function skipQuoted(query: string, start: number, close: string, backslash: boolean): number {
  let index = start + 1;
  while (index < query.length) {
    const character = query.charAt(index);
    if (backslash && character === "\\") index += 2;
    else if (character !== close) index += 1;
    else if (close !== "]" && query.charAt(index + 1) === close) index += 2;
    else return index + 1;
  }
  throw new UnreadableSql("unterminated");
}

/** Index just past the `*\/` closing the block comment at `start` (PostgreSQL nests them). */
function skipBlockComment(query: string, start: number, nested: boolean): number {
  let depth = 1;
  let index = start + 2;
  while (index < query.length) {
    if (query.startsWith("*/", index)) {
      depth -= 1;
      index += 2;
      if (depth === 0) return index;
    } else if (nested && query.startsWith("/*", index)) {
      depth += 1;
      index += 2;
    } else index += 1;
  }
  throw new UnreadableSql("unterminated");
}

/** Index of the line end closing a line comment, or the query's end. */
function skipLineComment(query: string, start: number, dialect: SqlDialect): number {
  for (let index = start; index < query.length; index += 1) {
    const character = query.charAt(index);
    if (character === "\n" || (dialect === "postgres" && character === "\r")) return index;
  }
  return query.length;
}

/** MySQL reads `--` as a comment only when a space or control character (or the end) follows. */
function startsLineComment(query: string, index: number, dialect: SqlDialect): boolean {
  if (dialect === "mysql" && query.charAt(index) === "#") return true;
  if (!query.startsWith("--", index)) return false;
  if (dialect !== "mysql") return true;
  const next = query.charCodeAt(index + 2);
  return Number.isNaN(next) || next <= 0x20;
}

/** Length of a MySQL/MariaDB executable-comment opener (`/*!`, `/*!50001`, `/*M!`) at `index`. */
function executableOpenerLength(query: string, index: number): number {
  const marker = query.startsWith("/*!", index) ? 3 : query.startsWith("/*M!", index) ? 4 : 0;
  if (marker === 0) return 0;
  VERSION_DIGITS.lastIndex = index + marker;
  return marker + (VERSION_DIGITS.exec(query)?.[0].length ?? 0);
}

function lexOrThrow(query: string, dialect: SqlDialect): SqlLexing {
  const statements: SqlToken[][] = [];
  let current: SqlToken[] = [];
  let comments = false;
  let insideExecutable = false;
  let index = 0;
  while (index < query.length) {
    const character = query.charAt(index);
    const previous = current.at(-1);
    if (character === "\0") throw new UnreadableSql("nul-character");
    if (WHITESPACE.has(character)) {
      index += 1;
    } else if (character === ";") {
      statements.push(current);
      current = [];
      index += 1;
    } else if (startsLineComment(query, index, dialect)) {
      comments = true;
      index = skipLineComment(query, index, dialect);
    } else if (dialect === "mysql" && executableOpenerLength(query, index) > 0) {
      if (insideExecutable) throw new UnreadableSql("nested-executable-comment");
      comments = true;
      insideExecutable = true;
      index += executableOpenerLength(query, index);
    } else if (insideExecutable && query.startsWith("*/", index)) {
      insideExecutable = false;
      index += 2;
    } else if (query.startsWith("/*", index)) {
      comments = true;
      index = skipBlockComment(query, index, dialect === "postgres");
    } else if (character === "'" || character === '"') {
      const escapeString =
        dialect === "postgres" &&
        character === "'" &&
        previous?.type === "word" &&
        previous.text === "e" &&
        WORD_PART.test(query.charAt(index - 1));
      const backslash = dialect === "mysql" || escapeString;
      index = skipQuoted(query, index, character, backslash);
      current.push({ type: "quoted" });
    } else if (character === "`" && dialect !== "postgres") {
      index = skipQuoted(query, index, "`", false);
      current.push({ type: "quoted" });
    } else if (character === "[" && dialect === "standard") {
      index = skipQuoted(query, index, "]", false);
      current.push({ type: "quoted" });
    } else if (character === "$" && dialect === "postgres" && dollarTagAt(query, index)) {
      const tag = dollarTagAt(query, index) ?? "";
      const end = query.indexOf(tag, index + tag.length);
      if (end === -1) throw new UnreadableSql("unterminated");
      index = end + tag.length;
      current.push({ type: "quoted" });
    } else if (WORD_START.test(character)) {
      let end = index + 1;
      while (end < query.length && WORD_PART.test(query.charAt(end))) end += 1;
      current.push({ type: "word", text: query.slice(index, end).toLowerCase() });
      index = end;
    } else {
      current.push({ type: "symbol", text: character });
      index += 1;
    }
  }
  if (insideExecutable) throw new UnreadableSql("unterminated");
  statements.push(current);
  return { readable: true, statements: statements.filter((tokens) => tokens.length > 0), comments };
}

function dollarTagAt(query: string, index: number): string | undefined {
  DOLLAR_TAG.lastIndex = index;
  return DOLLAR_TAG.exec(query)?.[0];
}

/**
 * Splits `query` into statements of tokens as `dialect` reads it, or says why it cannot: an
 * unterminated string, quoted name or comment, a NUL character (C APIs stop reading there).
 *
 * @example lexSql("SELECT '/*'; DELETE FROM notes; SELECT '*\/'", "standard").statements.length // 3
 */
export function lexSql(query: string, dialect: SqlDialect): SqlLexing {
  try {
    return lexOrThrow(query, dialect);
  } catch (error) {
    if (error instanceof UnreadableSql) return { readable: false, reason: error.reason };
    throw error;
  }
}
