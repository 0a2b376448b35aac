const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(\S.*)$/;

/**
 * The questions of a prompt that asks several at once as a markdown list (`- …`, `* …`,
 * `1. …`), or undefined when it holds fewer than two list items: then one answer line fits.
 */
export function markdownQuestionList(prompt: string): string[] | undefined {
  const items = prompt
    .split("\n")
    .map((line) => LIST_ITEM.exec(line)?.[1]?.trim())
    .filter((item): item is string => item !== undefined && item !== "");
  return items.length >= 2 ? items : undefined;
}

/**
 * The markdown the answer editor starts with: each question as a list item with an empty,
 * indented line under it for the person's answer, so the answer keeps the questions.
 *
 * @example answerTemplate(["Where?", "When?"]) === "- Where?\n  \n- When?\n  \n"
 */
export function answerTemplate(questions: readonly string[]): string {
  return questions.map((question) => `- ${question}\n  \n`).join("");
}
