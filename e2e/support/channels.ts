import { createHmac } from "node:crypto";
import { expect } from "@playwright/test";
import type { BrowserContext } from "@playwright/test";
import { HUB_URL } from "./ports";

/**
 * The suite's webhook signing key, given to the hub through HUB_WEBHOOK_SECRET so tests can
 * mint links the hub must refuse (expired ones) without reaching into its internals.
 */
export const E2E_WEBHOOK_SECRET = "e2e-webhook-secret-not-for-production-use-0123456789";

/** The hub bearer token of a logged-in browser context (the httpOnly session cookie). */
export async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((each) => each.name === "ih_token");
  expect(cookie, "the browser is logged in").toBeDefined();
  return cookie?.value ?? "";
}

/**
 * Calls the hub's HTTP API directly, as another client of the same user would: the suite's hub,
 * or the one at `hubUrl` (a product a test runs itself).
 */
export async function callHubApi(
  path: string,
  init: { method?: string; token?: string; body?: unknown; hubUrl?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${init.hubUrl ?? HUB_URL}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/**
 * Re-signs a link token's claims with `patch` applied, in the hub's format
 * (`base64url(JSON).base64url(HMAC-SHA256)`), e.g. to make an expired but genuine link.
 */
export function resignLinkToken(token: string, patch: Record<string, unknown>): string {
  const [payload = ""] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as object;
  const next = Buffer.from(JSON.stringify({ ...claims, ...patch })).toString("base64url");
  const signature = createHmac("sha256", E2E_WEBHOOK_SECRET).update(next).digest("base64url");
  return `${next}.${signature}`;
}
