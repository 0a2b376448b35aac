"use client";

import {
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from "@/lib/ui/dropdown-menu";
import { LOCALES, LOCALE_NAMES, isLocale } from "@/lib/i18n/locale";
import { useI18n } from "./i18n-provider";

/**
 * The language choice inside a menu (the user menu of signed-in pages): one radio item per
 * language, each named in its own language (and saying so with `lang`).
 */
export function LanguageMenuItems() {
  const { locale, setLocale, t } = useI18n();
  return (
    <>
      <DropdownMenuLabel>{t("language.label")}</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={locale}
        onValueChange={(value) => {
          if (isLocale(value)) setLocale(value);
        }}
      >
        {LOCALES.map((each) => (
          <DropdownMenuRadioItem key={each} value={each} lang={each}>
            {LOCALE_NAMES[each]}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
