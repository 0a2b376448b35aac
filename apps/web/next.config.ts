import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  /** The protocol package ships TypeScript source (its `exports` point at `src/index.ts`). */
  transpilePackages: ["@inquiry-hub/protocol"],
};

export default nextConfig;
