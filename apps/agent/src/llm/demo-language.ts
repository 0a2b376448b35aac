import type { ChatMessage } from "../loop/model-provider";

/** The languages the demo model replies in: English, and Chinese for messages written in it. */
export type DemoLanguage = "en" | "zh";

const HAN_CHARACTER = /\p{Script=Han}/gu;
const LATIN_WORD = /[A-Za-z]+/g;
/** File names ("notes.txt") are Latin in any language, so they do not count as English words. */
const FILE_NAME = /[\w./-]*\w\.[A-Za-z0-9]{1,10}\b/g;

/**
 * The language a message is written in: Chinese when it has at least as many Han characters
 * as Latin words (file names left out), so "把 hello 写入 notes.txt" is Chinese while
 * "What's the weather in 杭州?" stays English.
 */
export function languageOf(text: string): DemoLanguage {
  const han = text.match(HAN_CHARACTER)?.length ?? 0;
  if (han === 0) return "en";
  const latin = text.replace(FILE_NAME, " ").match(LATIN_WORD)?.length ?? 0;
  return han >= latin ? "zh" : "en";
}

/**
 * The language of the person's latest message: the language every reply of this turn uses,
 * also after tool results and answers, which are no person's own words about the request.
 */
export function conversationLanguage(messages: readonly ChatMessage[]): DemoLanguage {
  const latest = messages.findLast(
    (message): message is ChatMessage & { role: "user" } => message.role === "user",
  );
  return latest === undefined ? "en" : languageOf(latest.content);
}
