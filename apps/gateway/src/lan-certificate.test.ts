import { X509Certificate, createPrivateKey } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureLanCertificate } from "./index";

const DAY_MS = 24 * 60 * 60 * 1000;
const dirs: string[] = [];

function freshDir(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "lan-cert-test-")), "tls");
  dirs.push(path.dirname(dir));
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("ensureLanCertificate", () => {
  it("makes a certificate for the host and loopback signed by its authority, key file mode 0600", async () => {
    const dir = freshDir();
    const made = await ensureLanCertificate({ dir, host: "192.168.1.20" });
    expect(made.origin).toBe("none-stored");
    const leaf = new X509Certificate(made.cert);
    const authority = new X509Certificate(made.authority);
    expect(leaf.ca).toBe(false);
    expect(authority.ca).toBe(true);
    expect(leaf.verify(authority.publicKey)).toBe(true);
    expect(leaf.subjectAltName).toBe(
      "IP Address:192.168.1.20, DNS:localhost, IP Address:127.0.0.1",
    );
    expect(leaf.checkPrivateKey(createPrivateKey(made.key))).toBe(true);
    expect(made.fingerprint).toBe(authority.fingerprint256);
    expect(made.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(statSync(path.join(dir, "key.pem")).mode & 0o777).toBe(0o600);
  });

  it("reuses the stored certificate for the same host", async () => {
    const dir = freshDir();
    const first = await ensureLanCertificate({ dir, host: "inquiry-hub.test" });
    const again = await ensureLanCertificate({ dir, host: "inquiry-hub.test" });
    expect(again).toMatchObject({ origin: "reused", fingerprint: first.fingerprint });
    expect(new X509Certificate(again.cert).subjectAltName).toContain("DNS:inquiry-hub.test");
  });

  it("makes a new one when the host changed", async () => {
    const dir = freshDir();
    const first = await ensureLanCertificate({ dir, host: "10.0.0.5" });
    const moved = await ensureLanCertificate({ dir, host: "10.0.0.6" });
    expect(moved.origin).toBe("host-changed");
    expect(moved.fingerprint).not.toBe(first.fingerprint);
    expect(new X509Certificate(moved.cert).subjectAltName).toContain("IP Address:10.0.0.6");
  });

  it("makes a new one within 30 days of expiry, not before", async () => {
    const dir = freshDir();
    const start = new Date();
    const first = await ensureLanCertificate({ dir, host: "10.0.0.5", now: start });
    const before = new Date(first.validTo.getTime() - 31 * DAY_MS);
    expect(await ensureLanCertificate({ dir, host: "10.0.0.5", now: before })).toMatchObject({
      origin: "reused",
    });
    const within = new Date(first.validTo.getTime() - 29 * DAY_MS);
    const renewed = await ensureLanCertificate({ dir, host: "10.0.0.5", now: within });
    expect(renewed.origin).toBe("expiring");
    expect(renewed.validTo.getTime()).toBeGreaterThan(first.validTo.getTime());
  });
});
