import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";

/** Wire prefix and AEAD associated data: a later format gets a new prefix, never a reread. */
const FORMAT = "rs1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The shortest HUB_REQUEST_STATE_SECRET accepted: 32 characters, as for the webhook secret. */
export const MIN_REQUEST_STATE_SECRET_LENGTH = 32;

/** What a sealed `requestState` carries; only the hub can read or write it. */
export const SealedRequestSchema = z
  .object({
    /** Random id of this one state: the key its single use is recorded under. */
    stateId: z.string().min(1),
    /** The approval question the state waits on. */
    inquiryId: z.string().min(1),
    /** The user the gated call ran as. */
    userId: z.string().min(1),
    /** The credential (agent key or run credential) the call came with. */
    credentialId: z.string().min(1),
    /** The proxy upstream (`/proxy/<name>/mcp`) and the tool called on it. */
    upstream: z.string().min(1),
    tool: z.string().min(1),
    /** requestDigest of the tool name and arguments the approval was asked about. */
    digest: z.string().min(1),
    /** Epoch milliseconds: when the state was issued and from when it is refused. */
    issuedAtMs: z.number().int(),
    expiresAtMs: z.number().int(),
  })
  .strict();
export type SealedRequest = z.infer<typeof SealedRequestSchema>;

/** Seals claims into an opaque string and opens such strings; see createRequestStateSeal. */
export interface RequestStateSeal {
  seal(claims: SealedRequest): string;
  /** The claims of a string this seal made; undefined for anything altered, foreign or malformed. */
  open(wire: string): SealedRequest | undefined;
}

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the configured secret: the tag makes any
 * altered byte fail to open, and the encryption keeps the user, credential and inquiry ids
 * out of the client's hands, since the client holds the state between the two rounds. A
 * fresh random 96-bit IV per seal. Wire form: `rs1.` + base64url(iv ‖ ciphertext ‖ tag), read
 * back only in that exact (canonical) encoding, so one state has one spelling.
 */
export function createRequestStateSeal(secret: string): RequestStateSeal {
  if (secret.length < MIN_REQUEST_STATE_SECRET_LENGTH)
    throw new RangeError(
      `the request state secret needs at least ${MIN_REQUEST_STATE_SECRET_LENGTH} characters`,
    );
  const key = Buffer.from(hkdfSync("sha256", secret, "", "inquiry-hub request-state v1", 32));
  const prefix = `${FORMAT}.`;

  return {
    seal(claims) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(FORMAT));
      const body = Buffer.concat([cipher.update(JSON.stringify(claims), "utf8"), cipher.final()]);
      return prefix + Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
    },

    open(wire) {
      if (!wire.startsWith(prefix)) return undefined;
      const encoded = wire.slice(prefix.length);
      const bytes = Buffer.from(encoded, "base64url");
      if (bytes.toString("base64url") !== encoded || bytes.length <= IV_BYTES + TAG_BYTES)
        return undefined;
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES))
        .setAAD(Buffer.from(FORMAT))
        .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      let text: string;
      try {
        const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
        text = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      } catch {
        return undefined;
      }
      const parsed = SealedRequestSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    },
  };
}
