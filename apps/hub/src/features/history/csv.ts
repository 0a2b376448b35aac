/** First characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_OPENINGS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * A cell opening with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'` first, so
 * Excel, LibreOffice and Sheets show an agent-written `=HYPERLINK(...)` as text instead of
 * running it (OWASP "CSV Injection").
 *
 * @example csvCell('=1+1') // "'=1+1"     csvCell('a,"b"') // '"a,""b"""'
 */
export function csvCell(value: string): string {
  const guarded = FORMULA_OPENINGS.has(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One CSV line of cells, CRLF-terminated as RFC 4180 says. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
