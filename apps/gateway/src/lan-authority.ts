import { isIP } from "node:net";
import { generate } from "selfsigned";

/** Lifetime of a new pair; iOS refuses user-trusted TLS certificates beyond 825 days. */
const VALIDITY_DAYS = 365;

/** An authority and the one certificate it signed: no authority key among them. */
export interface CertificatePair {
  /** PEM certificate of the authority a phone installs and trusts. */
  authority: string;
  /** PEM certificate of the front door for the LAN host (not a CA). */
  leaf: string;
  /** PEM private key of `leaf`. */
  key: string;
}

/** The names a certificate for `host` covers: the host itself, plus this machine's loopback. */
export function namesFor(host: string): string[] {
  return [...new Set([host, "localhost", "127.0.0.1"])];
}

function altNames(names: readonly string[]) {
  return names.map((name) =>
    isIP(name) === 0 ? { type: 2 as const, value: name } : { type: 7 as const, ip: name },
  );
}

/**
 * Makes a fresh authority, signs the front door's certificate for `host` with it, and lets
 * the authority's key go out of scope: it is never returned nor written anywhere. A phone
 * that trusts the authority therefore trusts exactly this one certificate (and its names):
 * nothing left on this computer can sign another, for another site or for this one.
 *
 * The authority is a CA because that is what iOS offers "full trust" for and what Android
 * installs as a CA certificate; `pathLenConstraint: 0` keeps the leaf from acting as one,
 * and the leaf itself is `cA: false`, so its key (which the front door must keep) signs no
 * certificate a client accepts. `selfsigned` cannot write name constraints, hence the
 * discarded key rather than a constrained long-lived authority.
 */
export async function issueLeafWithDiscardedAuthority(
  host: string,
  now: Date,
): Promise<CertificatePair> {
  const notAfterDate = new Date(now.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  const common = {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: now,
    notAfterDate,
  } as const;
  const authority = await generate(
    [{ name: "commonName", value: `Inquiry Hub one-certificate authority (${host})` }],
    {
      ...common,
      extensions: [
        { name: "basicConstraints", cA: true, pathLenConstraint: 0, critical: true },
        { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
      ],
    },
  );
  const leaf = await generate([{ name: "commonName", value: host }], {
    ...common,
    ca: { cert: authority.cert, key: authority.private },
    extensions: [
      { name: "basicConstraints", cA: false, critical: true },
      { name: "keyUsage", digitalSignature: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: altNames(namesFor(host)) },
    ],
  });
  return { authority: authority.cert, leaf: leaf.cert, key: leaf.private };
}
