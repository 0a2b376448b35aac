"use client";

import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE } from "@/lib/i18n/locale";
import type { Locale } from "@/lib/i18n/locale";
import { createTranslator } from "@/lib/i18n/translate";
import type { Translate } from "@/lib/i18n/translate";

export interface I18nValue {
  locale: Locale;
  t: Translate;
  /** Remembers the choice in the `ih_locale` cookie and re-renders the page in it. */
  setLocale: (locale: Locale) => void;
}

const I18nContext = createContext<I18nValue | undefined>(undefined);

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * The page's language for client components. The root layout decides the first locale on
 * the server (cookie, else Accept-Language) and passes it in, so the first paint is already
 * in the right language. A switch re-renders client components at once and refreshes the
 * server-rendered parts (titles, `<html lang>`, the login page), keeping client state.
 */
export function I18nProvider({
  initialLocale,
  children,
}: {
  initialLocale: Locale;
  children: ReactNode;
}) {
  const router = useRouter();
  const [locale, setLocaleState] = useState(initialLocale);
  const setLocale = useCallback(
    (next: Locale) => {
      document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(next)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
      document.documentElement.lang = next;
      setLocaleState(next);
      router.refresh();
    },
    [router],
  );
  const value = useMemo(
    () => ({ locale, t: createTranslator(locale), setLocale }),
    [locale, setLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current locale, its translator and the switch. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (value === undefined) throw new Error("useI18n needs an I18nProvider.");
  return value;
}

/** Just the translator, for components that only show text. */
export function useT(): Translate {
  return useI18n().t;
}
