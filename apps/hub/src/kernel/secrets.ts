import { hash, randomBytes } from "node:crypto";

/** A fresh 256-bit random secret, base64url: bearer tokens, pairing codes, socket tickets. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The form a secret is stored and looked up in: sha256, base64url. Secrets carry 256 bits of
 * entropy, so an unsalted fast hash is enough, and a leaked store leaks no usable credential.
 * One-shot `hash`: every authenticated request hashes its token, and it skips the Hash object.
 */
export function hashSecret(secret: string): string {
  return hash("sha256", secret, "base64url");
}
