import { createHmac, timingSafeEqual } from "node:crypto";
import { LinkDecisionSchema } from "@inquiry-hub/protocol";
import type { LinkDecision } from "@inquiry-hub/protocol";
import { z } from "zod";

/** What a signed decision link asserts. Short keys keep the link short enough for chat apps. */
const LinkClaimsSchema = z.object({
  /** Inquiry id. */
  i: z.uuid(),
  /** Owner's user id: the decision counts only for the inquiry's owner. */
  u: z.string().min(1),
  /** The decision the link makes. */
  d: LinkDecisionSchema,
  /** Expiry, ms since the epoch. */
  e: z.number().int().positive(),
  /** Single-use nonce; its hash is held in a one-time store until used or expired. */
  n: z.string().min(16).max(100),
});

/** The decoded claims of a link token. */
export interface LinkClaims {
  inquiryId: string;
  userId: string;
  decision: LinkDecision;
  expiresAt: Date;
  nonce: string;
}

/** Why a token was refused before anything was looked up. */
export type LinkTokenProblem = "malformed" | "bad-signature" | "expired";

function mac(payload: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(payload).digest();
}

/**
 * `base64url(JSON claims) + "." + base64url(HMAC-SHA256(secret, first part))`: the link is
 * its own credential, so the server keeps only the nonce, and any edit breaks the signature.
 *
 * @example signLinkToken({ inquiryId, userId, decision: { action: "approve" }, expiresAt, nonce }, secret)
 */
export function signLinkToken(claims: LinkClaims, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({
      i: claims.inquiryId,
      u: claims.userId,
      d: claims.decision,
      e: claims.expiresAt.getTime(),
      n: claims.nonce,
    }),
  ).toString("base64url");
  return `${payload}.${mac(payload, secret).toString("base64url")}`;
}

/**
 * Checks a token's signature in constant time, then its expiry at `now`; the signature comes
 * first so nothing about an unsigned payload (not even its expiry) is ever believed.
 */
export function verifyLinkToken(
  token: string,
  secret: string,
  now: Date,
): { ok: true; claims: LinkClaims } | { ok: false; problem: LinkTokenProblem } {
  const [payload, signature, ...rest] = token.split(".");
  if (payload === undefined || signature === undefined || rest.length > 0)
    return { ok: false, problem: "malformed" };
  const given = Buffer.from(signature, "base64url");
  const expected = mac(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, problem: "bad-signature" };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, problem: "malformed" };
  }
  const parsed = LinkClaimsSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, problem: "malformed" };
  if (parsed.data.e <= now.getTime()) return { ok: false, problem: "expired" };
  return {
    ok: true,
    claims: {
      inquiryId: parsed.data.i,
      userId: parsed.data.u,
      decision: parsed.data.d,
      expiresAt: new Date(parsed.data.e),
      nonce: parsed.data.n,
    },
  };
}
