import { NextResponse } from "next/server";
import type { NextRequest } from "next/server";
import { contentSecurityPolicy } from "./lib/server/content-security-policy";
import { hubUrlForRequest } from "./lib/server/hub-url";

/** The service worker's static fallback page, styled by its own inline <style>. */
const OFFLINE_PAGE = "/offline.html";

/**
 * Next.js 16 request proxy (formerly middleware): gives every page response a fresh nonce
 * and the CSP built on it, plus the headers that stop sniffing, framing and referrer leaks.
 * Next.js reads the nonce from the request's CSP header and stamps its inline bootstrap
 * scripts with it, which is why pages render dynamically (see app/layout.tsx).
 */
export function proxy(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const dev = process.env.NODE_ENV === "development";
  const policy = contentSecurityPolicy({
    nonce,
    hubOrigin: hubUrlForRequest(request.headers),
    dev,
    inlineStyles: dev || request.nextUrl.pathname === OFFLINE_PAGE,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("X-Frame-Options", "DENY");
  response.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  return response;
}

/** Pages only: API routes answer JSON, static assets and the service worker need no nonce. */
export const config = {
  matcher: [
    {
      source: "/((?!api|_next/static|_next/image|favicon.ico|sw.js|manifest.webmanifest).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
