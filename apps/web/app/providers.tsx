"use client";

import { useState } from "react";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AnnouncerProvider } from "@/features/a11y";
import { I18nProvider } from "@/features/i18n";
import type { Locale } from "@/lib/i18n/locale";

/**
 * Client-side context for every page: one React Query client per browser tab, the page's
 * language (decided on the server, see app/layout.tsx) and the screen reader announcer.
 */
export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { mutations: { retry: false }, queries: { retry: 1 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <AnnouncerProvider>{children}</AnnouncerProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
