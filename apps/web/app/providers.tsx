"use client";

import { useState } from "react";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { setNonce } from "get-nonce";
import { AnnouncerProvider } from "@/features/a11y";
import { I18nProvider, useT } from "@/features/i18n";
import type { Locale } from "@/lib/i18n/locale";
import { ToastProvider } from "@/lib/ui/toast";

function TranslatedToasts({ children }: { children: ReactNode }) {
  const t = useT();
  return <ToastProvider dismissLabel={t("toast.dismiss")}>{children}</ToastProvider>;
}

/**
 * Client-side context for every page: one React Query client per browser tab, the page's
 * language (decided on the server, see app/layout.tsx), the screen reader announcer and the
 * toasts. `styleNonce` is this response's CSP nonce: the dialogs' scroll lock stamps the one
 * <style> tag it adds with it (see lib/server/content-security-policy.ts).
 */
export function Providers({
  locale,
  styleNonce,
  children,
}: {
  locale: Locale;
  styleNonce: string | undefined;
  children: ReactNode;
}) {
  if (styleNonce !== undefined) setNonce(styleNonce);
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { mutations: { retry: false }, queries: { retry: 1 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <AnnouncerProvider>
          <TranslatedToasts>{children}</TranslatedToasts>
        </AnnouncerProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
