import { createHash, randomBytes } from "node:crypto";

/** A fresh 256-bit random secret, base64url: bearer tokens, pairing codes, socket tickets. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The form a secret is stored and looked up in: sha256, base64url. Secrets carry 256 bits of
 * entropy, so an unsalted fast hash is enough, and a leaked store leaks no usable credential.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}
