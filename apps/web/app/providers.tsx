"use client";

import { useEffect, useState } from "react";
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
 * Hands the document's CSP nonce to the dialogs' scroll lock, which stamps the one <style> tag
 * it adds with it (see lib/server/content-security-policy.ts). The nonce is read from the
 * document's own bootstrap scripts: the policy in force is the first response's, while a
 * server render after a client-side navigation would bring a newer nonce that does not match.
 */
function useDocumentStyleNonce(): void {
  useEffect(() => {
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce !== undefined && nonce !== "") setNonce(nonce);
  }, []);
}

/**
 * Client-side context for every page: one React Query client per browser tab, the page's
 * language (decided on the server, see app/layout.tsx), the screen reader announcer and the
 * toasts.
 */
export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  useDocumentStyleNonce();
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
