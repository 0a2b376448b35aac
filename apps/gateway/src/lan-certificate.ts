import { X509Certificate } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { generate } from "selfsigned";

/** A certificate is replaced this long before it expires, so a phone never meets an expired one. */
const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;

/** Lifetime of a new certificate; iOS refuses user-trusted TLS certificates beyond 825 days. */
const VALIDITY_DAYS = 365;

/** The front door's certificate, as stored under `dir`. */
export interface LanCertificate {
  /** PEM certificate. */
  cert: string;
  /** PEM private key (its file is mode 0600). */
  key: string;
  /** SHA-256 fingerprint, colon-separated hex, to compare with what the phone shows. */
  fingerprint: string;
  /** When it stops being valid. */
  validTo: Date;
  /** Whether this call generated it (a phone that trusted the old one must trust it again). */
  generated: boolean;
}

/** The names a certificate for `host` must cover: the host itself, plus this machine's loopback. */
function namesFor(host: string): string[] {
  return [...new Set([host, "localhost", "127.0.0.1"])];
}

/** `subjectAltName` entry of one name, as Node's X509Certificate prints it. */
function printedName(name: string): string {
  return isIP(name) === 0 ? `DNS:${name}` : `IP Address:${name}`;
}

/** Whether `cert` covers every name for `host` and stays valid past the renewal margin. */
function stillFits(cert: X509Certificate, host: string, now: Date): boolean {
  const names = (cert.subjectAltName ?? "").split(",").map((entry) => entry.trim());
  const covered = namesFor(host).every((name) => names.includes(printedName(name)));
  return covered && new Date(cert.validTo).getTime() - now.getTime() > RENEW_BEFORE_MS;
}

function described(certPem: string, keyPem: string, generated: boolean): LanCertificate {
  const parsed = new X509Certificate(certPem);
  return {
    cert: certPem,
    key: keyPem,
    fingerprint: parsed.fingerprint256,
    validTo: new Date(parsed.validTo),
    generated,
  };
}

/**
 * The self-signed certificate of the LAN front door for `host` (a name or an IPv4/IPv6
 * address), kept as `cert.pem` and `key.pem` in `dir` and reused across starts, so a phone
 * that trusted it once keeps trusting it. A new one is made when none exists, when the host
 * changed (another Wi-Fi, another address) or when it expires within 30 days.
 *
 * It is its own CA (basicConstraints cA) with serverAuth and the names as subjectAltName:
 * what iOS needs to offer "full trust" for an installed profile and what Android needs to
 * install it as a CA certificate.
 */
export async function ensureLanCertificate(options: {
  dir: string;
  host: string;
  /** The clock, for tests of renewal. */
  now?: Date;
}): Promise<LanCertificate> {
  const now = options.now ?? new Date();
  const certFile = path.join(options.dir, "cert.pem");
  const keyFile = path.join(options.dir, "key.pem");
  if (existsSync(certFile) && existsSync(keyFile)) {
    const certPem = readFileSync(certFile, "utf8");
    if (stillFits(new X509Certificate(certPem), options.host, now)) {
      chmodSync(keyFile, 0o600);
      return described(certPem, readFileSync(keyFile, "utf8"), false);
    }
  }
  const names = namesFor(options.host);
  const created = await generate([{ name: "commonName", value: `Inquiry Hub (${options.host})` }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000),
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: names.map((name) =>
          isIP(name) === 0 ? { type: 2, value: name } : { type: 7, ip: name },
        ),
      },
    ],
  });
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  writeFileSync(keyFile, created.private, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, created.cert);
  return described(created.cert, created.private, true);
}
