import type { ChatMessage } from "../loop/model-provider";

/** The languages the demo model replies in: English, and Chinese for messages written in it. */
export type DemoLanguage = "en" | "zh";

const HAN_RUN = /\p{Script=Han}+/gu;
const LATIN_WORD = /[A-Za-z]+/g;
/** File names ("notes.txt") are Latin in any language, so they do not count as English words. */
const FILE_NAME = /[\w./-]*\w\.[A-Za-z0-9]{1,10}\b/g;

/**
 * The language a message is written in: Chinese when it has at least as many runs of Han
 * characters as Latin words (file names left out), so "把 hello 写入 notes.txt" is Chinese
 * while "What's the weather in 杭州?" stays English. `payload` (the text to write) is left
 * out too: "write 你好 to notes.txt" is an English request.
 */
export function languageOf(text: string, payload?: string): DemoLanguage {
  const request = payload === undefined || payload === "" ? text : text.replace(payload, " ");
  const han = request.match(HAN_RUN)?.length ?? 0;
  if (han === 0) return "en";
  const latin = request.replace(FILE_NAME, " ").match(LATIN_WORD)?.length ?? 0;
  return han >= latin ? "zh" : "en";
}

/** The person's latest message: the request every reply of this turn answers. */
export function latestRequest(messages: readonly ChatMessage[]): string {
  const latest = messages.findLast(
    (message): message is ChatMessage & { role: "user" } => message.role === "user",
  );
  return latest?.content ?? "";
}
