import "server-only";
import type { z } from "zod";
import { crossOriginRefused, hubUnreachable, jsonError, notLoggedIn } from "./api-error";
import { readJsonBody } from "./body-reader";
import type { JsonBody } from "./body-reader";
import { fetchHub } from "./hub-fetch";
import { isForeignOrigin } from "./same-origin";
import { readToken } from "./session";
import { relayResponse } from "./upstream";

/** A hub call made with the session's bearer token, or the response to send instead. */
export type HubCall = { ok: true; upstream: Response } | { ok: false; response: Response };

/** What a route asks of the hub on the browser's behalf. */
export interface HubCallInit {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The JSON body to send. */
  body?: unknown;
  /**
   * Reads the body to send from the browser's request instead, once the origin and the
   * session passed: a refused request is refused before its body is read, and a body the
   * reader refuses (400, 413) is answered in place of the call.
   */
  readBody?: (request: Request) => Promise<JsonBody>;
}

/**
 * Calls the hub on behalf of the browser: refuses cross-origin state changes (any method
 * but GET), requires the session cookie, and adds its token as `Authorization: Bearer`.
 * 401 without a session, 403 foreign origin, 502 hub unreachable.
 */
export async function callHub(request: Request, path: string, init: HubCallInit): Promise<HubCall> {
  if (init.method !== "GET" && isForeignOrigin(request.headers)) {
    return { ok: false, response: crossOriginRefused() };
  }
  const token = await readToken();
  if (token === undefined) {
    return { ok: false, response: notLoggedIn() };
  }
  let body = init.body;
  if (init.readBody !== undefined) {
    const read = await init.readBody(request);
    if (!read.ok) return { ok: false, response: read.response };
    body = read.value;
  }
  const upstream = await fetchHub(path, {
    method: init.method,
    body,
    token,
    forwardedFrom: request,
  });
  return upstream === undefined
    ? { ok: false, response: hubUnreachable() }
    : { ok: true, upstream };
}

/**
 * The relay of the plain hub routes: `callHub`, then the hub's status and body as they are,
 * with only the allow-listed headers of `relayResponse` (plus `keepHeaders`, such as a
 * download's `content-disposition`).
 */
export async function relayHub(
  request: Request,
  path: string,
  init: HubCallInit & { keepHeaders?: readonly string[] },
): Promise<Response> {
  const call = await callHub(request, path, init);
  return call.ok ? relayResponse(call.upstream, init.keepHeaders) : call.response;
}

/**
 * `relayHub` of a body that must fit `schema`: anything else is answered 400 with `invalid`
 * (a message, or one made from the zod error) before the hub is called, and only the parsed
 * fields are forwarded.
 */
export async function relayParsedBody<Body>(
  request: Request,
  path: string,
  init: { method: HubCallInit["method"]; schema: z.ZodType<Body> },
  invalid: string | ((error: z.ZodError<Body>) => string),
): Promise<Response> {
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = init.schema.safeParse(read.value);
  if (!body.success) {
    const details = body.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    }));
    const message = typeof invalid === "string" ? invalid : invalid(body.error);
    return jsonError("BAD_REQUEST", message, details);
  }
  return relayHub(request, path, { method: init.method, body: body.data });
}

/** The browser's user agent, as the hub accepts it in a device hint. */
export function userAgentOf(request: Request): string | undefined {
  const userAgent = request.headers.get("user-agent")?.slice(0, 1000);
  return userAgent === undefined || userAgent === "" ? undefined : userAgent;
}
