import { X509Certificate } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { issueLeafWithDiscardedAuthority, namesFor } from "./lan-authority";
import type { CertificatePair } from "./lan-authority";

/** A certificate is replaced this long before it expires, so a phone never meets an expired one. */
const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Where this start's certificate came from: reused from disk, or made anew and why. A phone
 * that trusted the previous authority must trust the new one.
 */
export type CertificateOrigin =
  | "reused"
  | "none-stored"
  | "host-changed"
  | "expiring"
  /** The stored one was an authority whose key sat on disk: it could vouch for any site. */
  | "replaced-any-name-authority";

/** The front door's certificate, as stored under `dir`. */
export interface LanCertificate {
  /** PEM chain the front door presents: its own certificate, then the authority's. */
  cert: string;
  /** PEM private key of the front door's certificate (its file is mode 0600). */
  key: string;
  /** PEM certificate of the authority a phone trusts; it vouches for `cert` only. */
  authority: string;
  /** The authority's SHA-256 fingerprint, colon-separated hex, as the phone shows it. */
  fingerprint: string;
  /** When it stops being valid. */
  validTo: Date;
  origin: CertificateOrigin;
}

/** `subjectAltName` entry of one name, as Node's X509Certificate prints it. */
function printedName(name: string): string {
  return isIP(name) === 0 ? `DNS:${name}` : `IP Address:${name}`;
}

function readIfPresent(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** The stored pair when it can serve `host` at `now`, else why a new one is needed. */
function judgeStored(
  stored: Partial<CertificatePair>,
  host: string,
  now: Date,
): CertificatePair | Exclude<CertificateOrigin, "reused"> {
  const { leaf, key, authority } = stored;
  if (leaf === undefined || key === undefined) return "none-stored";
  const leafCertificate = new X509Certificate(leaf);
  if (leafCertificate.ca || authority === undefined) return "replaced-any-name-authority";
  const authorityCertificate = new X509Certificate(authority);
  if (!authorityCertificate.ca || !leafCertificate.verify(authorityCertificate.publicKey))
    return "replaced-any-name-authority";
  const names = (leafCertificate.subjectAltName ?? "").split(",").map((entry) => entry.trim());
  if (!namesFor(host).every((name) => names.includes(printedName(name)))) return "host-changed";
  if (new Date(leafCertificate.validTo).getTime() - now.getTime() <= RENEW_BEFORE_MS)
    return "expiring";
  return { leaf, key, authority };
}

function described(pair: CertificatePair, origin: CertificateOrigin): LanCertificate {
  return {
    cert: `${pair.leaf.trimEnd()}\n${pair.authority.trimEnd()}\n`,
    key: pair.key,
    authority: pair.authority,
    fingerprint: new X509Certificate(pair.authority).fingerprint256,
    validTo: new Date(new X509Certificate(pair.leaf).validTo),
    origin,
  };
}

/**
 * The LAN front door's certificate for `host` (a name or an IPv4/IPv6 address), kept in `dir`
 * as `authority.pem` (what a phone trusts), `cert.pem` and `key.pem` (what the front door
 * serves), reused across starts so a phone that trusted it once keeps trusting it. A new pair
 * is made when none exists, when the host changed (another Wi-Fi, another address), when it
 * expires within 30 days, and when the stored one is the old self-signed authority whose key
 * could sign a certificate for any site.
 *
 * The authority's key is never stored (see issueLeafWithDiscardedAuthority): the only key on
 * disk is the front door's own, which is not a CA's.
 */
export async function ensureLanCertificate(options: {
  dir: string;
  host: string;
  /** The clock, for tests of renewal. */
  now?: Date;
}): Promise<LanCertificate> {
  const now = options.now ?? new Date();
  const files = {
    leaf: path.join(options.dir, "cert.pem"),
    key: path.join(options.dir, "key.pem"),
    authority: path.join(options.dir, "authority.pem"),
  };
  const judged = judgeStored(
    {
      leaf: readIfPresent(files.leaf),
      key: readIfPresent(files.key),
      authority: readIfPresent(files.authority),
    },
    options.host,
    now,
  );
  if (typeof judged !== "string") {
    chmodSync(files.key, 0o600);
    return described(judged, "reused");
  }
  const issued = await issueLeafWithDiscardedAuthority(options.host, now);
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  writeFileSync(files.key, issued.key, { mode: 0o600 });
  chmodSync(files.key, 0o600);
  writeFileSync(files.leaf, issued.leaf);
  writeFileSync(files.authority, issued.authority);
  return described(issued, judged);
}
