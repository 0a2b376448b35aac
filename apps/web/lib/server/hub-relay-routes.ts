import "server-only";
import { z } from "zod";
import type { HubRequest } from "./hub-fetch";

/** The methods a route may relay. */
export type RelayMethod = HubRequest["method"];

/**
 * Where the JSON body sent to the hub comes from:
 * - `none`: nothing is sent;
 * - `empty`: `{}`, whatever the browser sent;
 * - `optional`: the browser's JSON, `{}` when it sent none;
 * - `required`: the browser's JSON, 400 `missing` when it sent none. It is read before the
 *   origin and session checks, as the other body rules, unless `afterChecks` (a refused answer
 *   is refused before its body is read).
 */
export type RelayBody =
  | { kind: "none" }
  | { kind: "empty" }
  | { kind: "optional" }
  | { kind: "required"; missing: string; afterChecks?: true };

/** One allow-listed browser route the hub serves unchanged. */
interface RelayRoute {
  /** The path under `/api/`, each `:id` standing for exactly one segment. */
  pattern: string;
  /** The methods allowed on it, each with where its body comes from. */
  methods: Partial<Record<RelayMethod, RelayBody>>;
  /** The hub's path when it is not `/api/` + the browser's path. */
  hubPath?: string;
  /** Hub headers relayed beyond the usual ones, such as a download's `content-disposition`. */
  keepHeaders?: readonly string[];
}

const NONE = { kind: "none" } as const;

/**
 * The audit export keeps the file name the hub gave it, and both audit answers the hub's
 * `no-store`: a person's signed record stays out of every cache on the way.
 */
const AUDIT_DOWNLOAD = ["content-disposition", "cache-control"] as const;
const NO_STORE = ["cache-control"] as const;

/**
 * The plain hub routes: each forwards its method, path and body with the session's bearer to
 * the same hub path and relays the answer (see `relayListedRoute`). A path not listed here
 * never reaches the hub: the catch-all answers 404, a method not listed 405. Routes that do
 * more than relay (a cookie set, a body checked against a schema, a query rebuilt, the agent
 * called) have files of their own under `app/api/`, which Next.js prefers to the catch-all.
 */
const RELAY_ROUTES: readonly RelayRoute[] = [
  { pattern: "agent-keys/:id", methods: { DELETE: NONE } },
  {
    pattern: "approval-batches/:id/decide",
    methods: {
      POST: { kind: "required", missing: "Send a JSON batch decision body.", afterChecks: true },
    },
  },
  // The person's rules: the named paths come before `:id`, which would otherwise take them.
  {
    pattern: "approval-rules",
    methods: { GET: NONE, POST: { kind: "required", missing: "Send a JSON rule body." } },
  },
  { pattern: "approval-rules/export", methods: { GET: NONE } },
  {
    pattern: "approval-rules/import",
    methods: {
      POST: { kind: "required", missing: "Send the rules as JSON in the proxy config's format." },
    },
  },
  {
    pattern: "approval-rules/preview",
    methods: { POST: { kind: "required", missing: "Send a JSON rule body." } },
  },
  { pattern: "approval-rules/suggestions/:id", methods: { GET: NONE } },
  {
    pattern: "approval-rules/:id",
    methods: {
      PATCH: { kind: "required", missing: "Send a JSON body with what to change." },
      DELETE: NONE,
    },
  },
  // The person's signed audit chain (the hub refuses an agent's key) and the key that checks it.
  { pattern: "audit/export", methods: { GET: NONE }, keepHeaders: AUDIT_DOWNLOAD },
  { pattern: "audit/public-key", methods: { GET: NONE }, keepHeaders: NO_STORE },
  { pattern: "conversations", methods: { GET: NONE, POST: { kind: "optional" } } },
  {
    pattern: "conversations/:id",
    methods: {
      GET: NONE,
      PATCH: { kind: "required", missing: "Send a JSON body with a title." },
      DELETE: NONE,
    },
  },
  { pattern: "devices", methods: { GET: NONE } },
  { pattern: "history/:id", methods: { GET: NONE } },
  { pattern: "inquiries", methods: { GET: NONE }, hubPath: "/api/inquiries?status=pending" },
  { pattern: "inquiries/:id", methods: { GET: NONE } },
  {
    pattern: "inquiries/:id/answer",
    methods: { POST: { kind: "required", missing: "Send a JSON answer body.", afterChecks: true } },
  },
  { pattern: "inquiries/:id/extend", methods: { POST: { kind: "empty" } } },
  { pattern: "inquiries/:id/receipts", methods: { GET: NONE } },
  { pattern: "pairing", methods: { POST: NONE } },
  { pattern: "pairing/:id", methods: { GET: NONE } },
  {
    pattern: "settings",
    methods: { GET: NONE, PUT: { kind: "required", missing: "Send a JSON settings body." } },
  },
];

/**
 * An id in a browser path: one non-empty segment, never `.` or `..`, which the hub URL would
 * resolve into a parent path. It is sent percent-encoded, so a `/` inside it stays inside it.
 */
const IdSegmentSchema = z
  .string()
  .min(1)
  .refine((segment) => segment !== "." && segment !== "..", "a dot segment");

/** The catch-all's params as Next.js hands them: the path's segments after `/api/`. */
export const RelayParamsSchema = z.object({ path: z.array(z.string()).min(1) });

/** A listed route matched: the hub path to call, the method, its body rule, headers to keep. */
export interface RelayMatch {
  hubPath: string;
  method: RelayMethod;
  body: RelayBody;
  keepHeaders: readonly string[];
}

/** Why nothing was matched: no listed route has that path, or not that method. */
export type RelayMiss = { reason: "unlisted" } | { reason: "method"; allowed: RelayMethod[] };

/**
 * The listed route the browser's `method` and path `segments` name, with the hub path to call,
 * or why there is none.
 *
 * @example
 * matchRelayRoute("GET", ["inquiries", "abc", "receipts"]);
 * // → { hubPath: "/api/inquiries/abc/receipts", method: "GET", body: { kind: "none" } }
 */
export function matchRelayRoute(
  method: RelayMethod,
  segments: readonly string[],
): RelayMatch | RelayMiss {
  for (const route of RELAY_ROUTES) {
    const hubPath = hubPathOf(route, segments);
    if (hubPath === undefined) continue;
    const body = route.methods[method];
    if (body === undefined) {
      return { reason: "method", allowed: Object.keys(route.methods) as RelayMethod[] };
    }
    return { hubPath, method, body, keepHeaders: route.keepHeaders ?? [] };
  }
  return { reason: "unlisted" };
}

/** The hub path for `segments` when they fit the route's pattern. */
function hubPathOf(route: RelayRoute, segments: readonly string[]): string | undefined {
  const parts = route.pattern.split("/");
  if (parts.length !== segments.length) return undefined;
  const encoded: string[] = [];
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? "";
    if (part === ":id") {
      if (!IdSegmentSchema.safeParse(segment).success) return undefined;
      encoded.push(encodeURIComponent(segment));
    } else if (part === segment) {
      encoded.push(part);
    } else {
      return undefined;
    }
  }
  return route.hubPath ?? `/api/${encoded.join("/")}`;
}
