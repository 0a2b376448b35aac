import type { Request, RequestHandler } from "express";
import type { AuthService, Principal } from "../auth-service";
import type { DeviceService } from "../device-service";
import { HubError } from "../../../kernel/errors";
import { requirePerson } from "../person-only";

const principals = new WeakMap<Request, Principal>();

/** Extracts the token of an `Authorization: Bearer <token>` header, if well-formed. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/**
 * Who may pass: `any` valid credential (the MCP endpoints, reading inquiries), or only a
 * `person` (a device) — every route that changes what protects the person.
 */
export type CredentialAccess = "any" | "person";

/**
 * Middleware that admits only requests with a valid, unrevoked, unexpired credential (401
 * otherwise) of the kind `access` allows (403 for an agent on a person-only route), marks the
 * credential seen (which slides a device's lifetime), and remembers the principal for
 * `requestPrincipal`. It runs on every request, so a revoked credential is refused from the
 * very next request on.
 */
export function createAuthenticate(
  auth: AuthService,
  devices: DeviceService,
  access: CredentialAccess = "any",
): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token === undefined)
      throw new HubError("UNAUTHORIZED", "missing Authorization: Bearer <token> header");
    const principal = await auth.authenticate(token);
    if (access === "person")
      requirePerson(principal, `call ${req.method} ${req.originalUrl.split("?")[0] ?? ""}`);
    await devices.seen(principal.device);
    principals.set(req, principal);
    next();
  };
}

/** The authenticated user and device of a request that passed `createAuthenticate`. */
export function requestPrincipal(req: Request): Principal {
  const principal = principals.get(req);
  if (principal === undefined) throw new HubError("UNAUTHORIZED", "request is not authenticated");
  return principal;
}
