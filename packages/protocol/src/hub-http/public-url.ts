import { z } from "zod";

/**
 * PUBLIC_URL: the URL people open, e.g. `https://192.168.1.20:3443` in LAN mode or
 * `https://inquiry.example.com` behind a TLS reverse proxy. It names where the product is,
 * not a page in it, so anything beyond the origin (a path, a query, credentials) is refused
 * rather than silently dropped. Parses to the origin. The
 * hub and the web read the same variable and validate it with this one schema.
 */
export const PublicUrlSchema = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL", abort: true })
  .refine(
    (value) => {
      const url = new URL(value);
      return (
        url.pathname === "/" &&
        url.search === "" &&
        url.hash === "" &&
        url.username === "" &&
        url.password === ""
      );
    },
    { error: "must be an origin such as https://192.168.1.20:3443, without a path or query" },
  )
  .transform((value) => new URL(value).origin);
