import type { Request } from "express";

/**
 * The user token from `Authorization: Bearer <token>`, or undefined. The agent does not
 * judge the token itself: it passes it to the hub, which owns identity.
 */
export function readBearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "");
  return match?.[1];
}
