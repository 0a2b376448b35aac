import { z } from "zod";

/**
 * Runs in the browser before any app module (Next.js loads it ahead of hydration). Zod 4
 * probes `new Function` the first time it builds an object schema, to compile faster
 * parsers; under the CSP (no 'unsafe-eval', see lib/server/content-security-policy.ts) that probe is
 * refused and reported as a violation on every page. Jitless mode skips the probe and uses
 * the interpreted parsers, which are ample for the small payloads the browser parses.
 */
z.config({ jitless: true });
