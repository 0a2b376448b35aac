/** The languages the UI speaks; the first is the fallback when nothing else matches. */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/**
 * Cookie holding the person's explicit choice from the language select. Readable by page
 * script on purpose: the select writes it, and it is no credential.
 */
export const LOCALE_COOKIE = "ih_locale";

/** Each language in its own words, as the select lists them (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * The supported locale a single language tag stands for. Every Chinese tag maps to
 * Simplified Chinese (the only Chinese the UI has), every English tag to English.
 */
function localeOfTag(tag: string): Locale | undefined {
  const primary = tag.toLowerCase().split("-")[0];
  if (primary === "zh") return "zh-CN";
  if (primary === "en") return "en";
  return undefined;
}

/**
 * The best supported locale for an `Accept-Language` header: tags in descending `q` order
 * (ties keep header order, `q=0` means "not this one"), the first one we speak wins, else
 * English.
 *
 * @example negotiateLocale("fr-FR,zh-CN;q=0.8,en;q=0.5") // "zh-CN"
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (acceptLanguage === null || acceptLanguage === undefined) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...attributes] = part.trim().split(";");
      const qualityAttribute = attributes.find((each) => each.trim().startsWith("q="));
      const quality = qualityAttribute === undefined ? 1 : Number(qualityAttribute.trim().slice(2));
      return { tag: tag.trim(), quality: Number.isNaN(quality) ? 0 : quality, index };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((left, right) => right.quality - left.quality || left.index - right.index);
  for (const entry of ranked) {
    const locale = localeOfTag(entry.tag);
    if (locale !== undefined) return locale;
  }
  return DEFAULT_LOCALE;
}
