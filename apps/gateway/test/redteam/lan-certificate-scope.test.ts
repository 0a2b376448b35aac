import { once } from "node:events";
import { X509Certificate, createPrivateKey } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect as tlsConnect, createServer as createTlsServer } from "node:tls";
import { generate } from "selfsigned";
import { afterAll, describe, expect, it } from "vitest";
import { CERTIFICATE_PATH, ensureLanCertificate } from "../../src/index";
import { httpsGet, startTestGateway } from "../support/test-gateway";

const LAN_HOST = "inquiry-hub.lan.test";
const dirs: string[] = [];

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lan-scope-redteam-"));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every PEM block of `kind` ("CERTIFICATE", "PRIVATE KEY") in the files of `dir`. */
function pemBlocksIn(dir: string, kind: string): string[] {
  const pattern = new RegExp(`-----BEGIN ${kind}-----[^-]+-----END ${kind}-----`, "g");
  return readdirSync(dir).flatMap(
    (name) => readFileSync(path.join(dir, name), "utf8").match(pattern) ?? [],
  );
}

/** What a phone installs: the certificate the front door offers for download. */
async function downloadedTrustAnchor(dir: string, host: string): Promise<string> {
  const certificate = await ensureLanCertificate({ dir, host });
  const gateway = await startTestGateway(certificate);
  try {
    const url = `https://127.0.0.1:${gateway.port}${CERTIFICATE_PATH}`;
    return (await httpsGet(url, { rejectUnauthorized: false })).body;
  } finally {
    await gateway.close();
  }
}

/**
 * Serves `chain` + `key` on loopback and connects as a phone trusting only `trustAnchor`,
 * asking for `servername`: the error the phone would see, or undefined when it trusts it.
 */
async function phoneVerdict(
  chain: string,
  key: string,
  trustAnchor: string,
  servername: string,
): Promise<string | undefined> {
  const server = createTlsServer({ cert: chain, key }, (socket) => socket.end());
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<string | undefined>((resolve) => {
      const socket = tlsConnect({ host: "127.0.0.1", port, servername, ca: trustAnchor });
      socket.once("secureConnect", () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  } finally {
    server.close();
  }
}

/** A certificate for `name` signed with `signingKey` under `issuerCertificate`'s name. */
async function forge(name: string, issuerCertificate: string, signingKey: string) {
  return generate([{ name: "commonName", value: name }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    ca: { cert: issuerCertificate, key: signingKey },
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [{ type: 2, value: name }] },
    ],
  });
}

/**
 * Tries every key stored in `dir` with every certificate stored there as issuer, to sign a
 * certificate for evil.example; resolves with what a phone trusting `trustAnchor` made of each.
 */
async function forgeriesFromDisk(
  dir: string,
  trustAnchor: string,
): Promise<(string | undefined)[]> {
  const keys = pemBlocksIn(dir, "PRIVATE KEY");
  const issuers = pemBlocksIn(dir, "CERTIFICATE");
  expect(keys.length).toBeGreaterThan(0);
  const verdicts: (string | undefined)[] = [];
  for (const key of keys)
    for (const issuer of issuers) {
      const forged = await forge("evil.example", issuer, key);
      const chain = `${forged.cert.trimEnd()}\n${issuer.trimEnd()}\n`;
      verdicts.push(await phoneVerdict(chain, forged.private, trustAnchor, "evil.example"));
    }
  return verdicts;
}

describe("what a phone trusts in LAN mode", () => {
  it("vouches for the LAN host over real TLS", async () => {
    const dir = freshDir();
    const anchor = await downloadedTrustAnchor(dir, LAN_HOST);
    const served = await ensureLanCertificate({ dir, host: LAN_HOST });
    expect(await phoneVerdict(served.cert, served.key, anchor, LAN_HOST)).toBeUndefined();
  });

  it("lets nothing stored on disk sign a certificate for another site", async () => {
    const dir = freshDir();
    const anchor = await downloadedTrustAnchor(dir, LAN_HOST);
    for (const key of pemBlocksIn(dir, "PRIVATE KEY"))
      expect(new X509Certificate(anchor).checkPrivateKey(createPrivateKey(key))).toBe(false);
    const verdicts = await forgeriesFromDisk(dir, anchor);
    expect(verdicts.length).toBeGreaterThan(0);
    for (const verdict of verdicts) expect(verdict).toBeDefined();
  });

  it("replaces an install's old any-name authority on start", async () => {
    const dir = freshDir();
    const old = await generate([{ name: "commonName", value: `Inquiry Hub (${LAN_HOST})` }], {
      keyType: "ec",
      curve: "P-256",
      algorithm: "sha256",
      extensions: [
        { name: "basicConstraints", cA: true, critical: true },
        { name: "keyUsage", digitalSignature: true, keyCertSign: true, critical: true },
        { name: "extKeyUsage", serverAuth: true },
        {
          name: "subjectAltName",
          altNames: [
            { type: 2, value: LAN_HOST },
            { type: 2, value: "localhost" },
            { type: 7, ip: "127.0.0.1" },
          ],
        },
      ],
    });
    writeFileSync(path.join(dir, "cert.pem"), old.cert);
    writeFileSync(path.join(dir, "key.pem"), old.private, { mode: 0o600 });

    const anchor = await downloadedTrustAnchor(dir, LAN_HOST);
    for (const verdict of await forgeriesFromDisk(dir, anchor)) expect(verdict).toBeDefined();
    expect(pemBlocksIn(dir, "PRIVATE KEY")).not.toContain(old.private.trim());
    const again = await ensureLanCertificate({ dir, host: LAN_HOST });
    expect(again).toMatchObject({ origin: "reused", authority: anchor });
  });
});
