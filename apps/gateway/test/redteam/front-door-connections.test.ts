import { once } from "node:events";
import { createServer } from "node:http";
import type { Server as HttpServer } from "node:http";
import { request as httpsRequest } from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import { connect as netConnect } from "node:net";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect as tlsConnect } from "node:tls";
import type { TLSSocket } from "node:tls";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureLanCertificate } from "../../src/index";
import type { Gateway, LanCertificate } from "../../src/index";
import { startTestGateway } from "../support/test-gateway";

const FIRST_REQUEST_TIMEOUT_MS = 600;
const MAX_CONNECTIONS_PER_ADDRESS = 3;
/** Room for a loaded machine's timers; far below Node's own 120 s handshake wait. */
const SLACK_MS = 1_500;

/** Resolves with how long `socket` stayed open; rejects if it is still open after `withinMs`. */
function closedWithin(socket: Socket, withinMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
    socket.on("error", () => undefined);
  });
}

/** A TLS connection from 127.0.0.1 that completes its handshake and then sends nothing. */
async function silentTls(port: number, ca: string): Promise<TLSSocket> {
  const socket = tlsConnect({ host: "127.0.0.1", port, ca });
  await once(socket, "secureConnect");
  return socket;
}

/** Status of an HTTPS GET of `/` from `localAddress`. */
function statusFrom(port: number, ca: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(
      { host: "127.0.0.1", port, path: "/", ca, localAddress, agent: false },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("the LAN front door bounds connections that send nothing", () => {
  const certDir = mkdtempSync(path.join(tmpdir(), "front-door-redteam-"));
  const web: HttpServer = createServer((_request, response) => response.end("web page"));
  const sockets: Socket[] = [];
  let certificate: LanCertificate;
  let gateway: Gateway;

  beforeAll(async () => {
    certificate = await ensureLanCertificate({ dir: certDir, host: "127.0.0.1" });
    web.listen(0, "127.0.0.1");
    await once(web, "listening");
    const webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    gateway = await startTestGateway(certificate, {
      webUrl,
      hubUrl: webUrl,
      limits: {
        firstRequestTimeoutMs: FIRST_REQUEST_TIMEOUT_MS,
        maxConnectionsPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
      },
    });
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });

  afterAll(async () => {
    await gateway.close();
    web.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  it("closes a TCP connection that never starts its TLS handshake", async () => {
    const socket = netConnect({ host: "127.0.0.1", port: gateway.port });
    sockets.push(socket);
    await once(socket, "connect");
    const openFor = await closedWithin(socket, FIRST_REQUEST_TIMEOUT_MS + SLACK_MS);
    expect(openFor).toBeGreaterThanOrEqual(FIRST_REQUEST_TIMEOUT_MS - 100);
  });

  it("closes a TLS connection that finishes its handshake and sends no request", async () => {
    const socket = await silentTls(gateway.port, certificate.authority);
    sockets.push(socket);
    await closedWithin(socket, FIRST_REQUEST_TIMEOUT_MS + SLACK_MS);
  });

  it("closes one address's connection past the limit while another address is served", async () => {
    const held = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS_PER_ADDRESS }, () =>
        silentTls(gateway.port, certificate.authority),
      ),
    );
    sockets.push(...held);
    const extra = tlsConnect({ host: "127.0.0.1", port: gateway.port, ca: certificate.authority });
    sockets.push(extra);
    let handshook = false;
    extra.once("secureConnect", () => (handshook = true));
    await closedWithin(extra, SLACK_MS);
    expect(handshook).toBe(false);

    expect(await statusFrom(gateway.port, certificate.authority, "127.0.0.2")).toBe(200);
    held[0]?.destroy();
    await expect.poll(() => statusFrom(gateway.port, certificate.authority, "127.0.0.1")).toBe(200);
  });
});
