import type { Request, RequestHandler } from "express";
import type { PublicUser } from "@inquiry-hub/protocol";
import type { AuthService } from "../../core/auth-service";
import { HubError } from "../../core/errors";

const users = new WeakMap<Request, PublicUser>();

/** Extracts the token of an `Authorization: Bearer <token>` header, if well-formed. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/**
 * Middleware that admits only requests with a valid bearer token (401 otherwise) and
 * remembers the user for `requestUser`.
 */
export function createAuthenticate(auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token === undefined)
      throw new HubError("UNAUTHORIZED", "missing Authorization: Bearer <token> header");
    users.set(req, await auth.authenticate(token));
    next();
  };
}

/** The authenticated user of a request that passed `createAuthenticate`. */
export function requestUser(req: Request): PublicUser {
  const user = users.get(req);
  if (user === undefined) throw new HubError("UNAUTHORIZED", "request is not authenticated");
  return user;
}
