/** Longest rendering of one argument's value in a list row. */
const MAX_VALUE_LENGTH = 60;

/** One value on one line: strings as they are, others as JSON, cut with an ellipsis. */
export function shortValue(value: unknown, max = MAX_VALUE_LENGTH): string {
  const text = (typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)))
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A tool call's arguments in one line a person reads: `name: value` pairs joined by " · ",
 * each value shortened. Empty for no arguments.
 *
 * @example summarizeArguments({ path: "notes.txt", content: "hello" }) // "path: notes.txt · content: hello"
 */
export function summarizeArguments(args: Readonly<Record<string, unknown>>): string {
  return Object.entries(args)
    .map(([name, value]) => `${name}: ${shortValue(value)}`)
    .join(" · ");
}

/** The names whose values differ between the agent's arguments and the edited ones, in order. */
export function changedArgumentNames(
  original: Readonly<Record<string, unknown>>,
  edited: Readonly<Record<string, unknown>>,
): string[] {
  const names = [...new Set([...Object.keys(original), ...Object.keys(edited)])];
  return names.filter((name) => JSON.stringify(original[name]) !== JSON.stringify(edited[name]));
}
