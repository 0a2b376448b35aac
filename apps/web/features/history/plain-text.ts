/**
 * Markdown as the one line of plain text a list shows: fences, headings, emphasis, links,
 * images, quotes and list markers are dropped, their words kept, and whitespace collapsed.
 * Not a parser: the agent's question is shown in full (as markdown) on the detail page; the
 * list only needs to read like a sentence instead of showing `**`, `#` and backticks.
 *
 * @example markdownToText("**Deploy** to `staging`?\n\n- now") // "Deploy to staging? now"
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^(?:```|~~~)[^\n]*$/gm, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>\n]+>/g, " ")
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, " ")
    .replace(/(\*\*|__|~~)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?![\w*])/g, "$1$2")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}
