"use client";

import { useId } from "react";
import { LOCALES, LOCALE_NAMES, isLocale } from "@/lib/i18n/locale";
import { useI18n } from "./i18n-provider";

/**
 * "Language" / "语言" on pages without the user menu (the login page): a native select, so it
 * works with the keyboard and every screen reader as is. Each option names its language in
 * that language (and says so with `lang`).
 */
export function LanguageSelect() {
  const { locale, setLocale, t } = useI18n();
  const selectId = useId();
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={selectId}>{t("language.label")}</label>
      <select
        id={selectId}
        value={locale}
        className="min-h-10 rounded-lg border border-input bg-card px-2 py-1 text-foreground"
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value);
        }}
      >
        {LOCALES.map((each) => (
          <option key={each} value={each} lang={each}>
            {LOCALE_NAMES[each]}
          </option>
        ))}
      </select>
    </span>
  );
}
