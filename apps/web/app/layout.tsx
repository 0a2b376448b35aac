import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { readLocale, serverTranslator } from "@/lib/server/server-locale";
import { Providers } from "./providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator();
  return { title: "Inquiry Hub", description: t("app.description") };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
};

/**
 * Renders per request (`connection()`): the CSP nonce proxy.ts sets differs each time, and
 * Next.js can only stamp it on the bootstrap scripts of a dynamically rendered page.
 * The locale (cookie, else Accept-Language) is decided here once and handed to the client.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const locale = await readLocale();
  return (
    <html lang={locale}>
      <body>
        <Providers locale={locale}>{children}</Providers>
      </body>
    </html>
  );
}
