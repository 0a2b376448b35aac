import type { Locale } from "./locale";
import { en } from "./messages-en";
import type { MessageKey } from "./messages-en";
import { zhCN } from "./messages-zh-cn";

export type { MessageKey };

/** Values for a message's `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Looks a key up in one locale's table and fills in its placeholders. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * A message not yet put into words: what pure code (reducers, note builders) returns, so
 * the text follows the language the page shows at render time, even after a switch.
 */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

const TABLES: Record<Locale, Record<MessageKey, string>> = { en, "zh-CN": zhCN };

/**
 * Replaces each `{name}` with `params.name`. Placeholders without a value stay as they are,
 * and braces around anything but a plain word (JSON examples) are left alone.
 *
 * @example interpolate("{count} min ago", { count: 5 }) // "5 min ago"
 */
export function interpolate(template: string, params?: MessageParams): string {
  if (params === undefined) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** The translator of one locale. */
export function createTranslator(locale: Locale): Translate {
  const table = TABLES[locale];
  return (key, params) => interpolate(table[key], params);
}

/** Puts a deferred message into words. */
export function translateMessage(t: Translate, message: Message): string {
  return t(message.key, message.params);
}

/** The raw table of a locale, for tests that compare locales. */
export function messagesOf(locale: Locale): Readonly<Record<MessageKey, string>> {
  return TABLES[locale];
}
