import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
} from "node:crypto";
import type { KeyObject } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { AuditChainStore } from "./ports";

/** The Ed25519 key that seals every audit record, and its public half for verifiers. */
export interface AuditSigner {
  /** Ed25519 signature (base64) over a record's hash. */
  sign(hash: string): string;
  /** Ed25519 signature (base64) over a text's UTF-8 bytes (an export's header). */
  signText(text: string): string;
  /** SPKI PEM of the public key, exported with each audit export. */
  publicKeyPem: string;
  /** sha256 (hex, first 16) of the public key's DER: a short name for it. */
  keyId: string;
}

function signerOf(privateKey: KeyObject): AuditSigner {
  const publicKey = createPublicKey(privateKey);
  if (publicKey.asymmetricKeyType !== "ed25519")
    throw new Error("the audit signing key must be an Ed25519 key");
  const der = publicKey.export({ type: "spki", format: "der" });
  return {
    sign: (hash) => sign(null, Buffer.from(hash, "hex"), privateKey).toString("base64"),
    signText: (text) => sign(null, Buffer.from(text, "utf8"), privateKey).toString("base64"),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    keyId: createHash("sha256").update(der).digest("hex").slice(0, 16),
  };
}

/**
 * The hub's audit signer: the PEM file `keyFile` names (HUB_AUDIT_SIGNING_KEY_FILE) when set,
 * so the key can live outside the store and be rotated by an operator; else the key kept in
 * the store, generated on the first start (memory: per process; embedded: in its database;
 * Redis: SET NX, the first node's key for all).
 */
export async function loadAuditSigner(
  store: AuditChainStore,
  keyFile: string | undefined,
): Promise<AuditSigner> {
  if (keyFile !== undefined) return signerOf(createPrivateKey(await readFile(keyFile, "utf8")));
  const candidate = generateKeyPairSync("ed25519")
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
  return signerOf(createPrivateKey(await store.signingKey(candidate)));
}
