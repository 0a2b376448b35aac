import "server-only";
import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, isLocale, negotiateLocale } from "../i18n/locale";
import type { Locale } from "../i18n/locale";
import { createTranslator } from "../i18n/translate";
import type { Translate } from "../i18n/translate";

/**
 * The locale of the current request (server components and metadata only): the person's
 * choice in the `ih_locale` cookie when it names a supported locale, else the best match of
 * the browser's `Accept-Language`, else English.
 */
export async function readLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (chosen !== undefined && isLocale(chosen)) return chosen;
  return negotiateLocale((await headers()).get("accept-language"));
}

/** The translator for the current request's locale. */
export async function serverTranslator(): Promise<Translate> {
  return createTranslator(await readLocale());
}
