import type { Locale } from "@/lib/i18n/locale";

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A moment as the person's language writes it, in their time zone: "Nov 27, 2026, 11:48 PM"
 * in English, "2026年11月27日 23:48" in Chinese.
 */
export function formatDateTime(iso: string, locale: Locale): string {
  let format = dateTimeFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    dateTimeFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/** A count as the person's language writes it ("1,234"). */
export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
