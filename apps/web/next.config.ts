import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  /** The protocol package ships TypeScript source (its `exports` point at `src/index.ts`). */
  transpilePackages: ["@inquiry-hub/protocol"],
  /**
   * The service worker must never be served stale (browsers check it for updates on every
   * navigation) and controls the whole origin.
   */
  headers() {
    return Promise.resolve([
      {
        source: "/sw.js",
        headers: [
          { key: "Cache-Control", value: "no-cache, no-store, must-revalidate" },
          { key: "Service-Worker-Allowed", value: "/" },
          { key: "Content-Type", value: "application/javascript; charset=utf-8" },
        ],
      },
    ]);
  },
};

export default nextConfig;
