import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: "Inquiry Hub",
  description: "Chat with an agent that asks you when it needs you.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
};

/**
 * Renders per request (`connection()`): the CSP nonce proxy.ts sets differs each time, and
 * Next.js can only stamp it on the bootstrap scripts of a dynamically rendered page.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
