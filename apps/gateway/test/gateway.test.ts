import { once } from "node:events";
import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server as HttpServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Server as SocketServer } from "socket.io";
import { io } from "socket.io-client";
import type { Socket as ClientSocket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_PATH, ensureLanCertificate } from "../src/index";
import type { Gateway, LanCertificate } from "../src/index";
import { httpsGet, startTestGateway } from "./support/test-gateway";

/** One request as the stand-in web server saw it. */
interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

async function listen(server: HttpServer): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function connected(client: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    client.once("connect", resolve);
    client.once("connect_error", reject);
  });
}

function disconnectReason(client: ClientSocket): Promise<string> {
  return new Promise((resolve) => client.once("disconnect", resolve));
}

describe("createGateway", () => {
  const certDir = mkdtempSync(path.join(tmpdir(), "gateway-test-"));
  const seenByWeb: Seen[] = [];
  const web = createServer((request, response) => {
    seenByWeb.push({ url: request.url ?? "", headers: request.headers });
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("web page");
  });
  const hubHttp = createServer();
  const hub = new SocketServer(hubHttp);
  const clients: ClientSocket[] = [];
  let certificate: LanCertificate;
  let gateway: Gateway;
  let origin: string;

  beforeAll(async () => {
    certificate = await ensureLanCertificate({ dir: certDir, host: "127.0.0.1" });
    hub.on("connection", (socket) => {
      socket.on("echo", (text: string, ack: (reply: unknown) => void) =>
        ack({ text, headers: socket.handshake.headers }),
      );
    });
    const [webUrl, hubUrl] = await Promise.all([listen(web), listen(hubHttp)]);
    gateway = await startTestGateway(certificate, { webUrl, hubUrl });
    origin = `https://127.0.0.1:${gateway.port}`;
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
    seenByWeb.length = 0;
  });

  afterAll(async () => {
    await gateway.close();
    await hub.close();
    web.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  function connect(transports: ("websocket" | "polling")[]): ClientSocket {
    const client = io(origin, { transports, ca: certificate.authority, reconnection: false });
    clients.push(client);
    return client;
  }

  it("sends an HTTPS page request to the web with the connection's forwarding headers", async () => {
    const response = await httpsGet(`${origin}/devices?tab=1`, {
      ca: certificate.authority,
      headers: {
        "x-forwarded-for": "203.0.113.9",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "http",
        forwarded: "for=203.0.113.9",
      },
    });
    expect(response).toEqual({ status: 200, body: "web page" });
    expect(seenByWeb).toHaveLength(1);
    const [seen] = seenByWeb;
    expect(seen?.url).toBe("/devices?tab=1");
    expect(seen?.headers).toMatchObject({
      "x-forwarded-for": "127.0.0.1",
      "x-forwarded-proto": "https",
      "x-forwarded-host": `127.0.0.1:${gateway.port}`,
      "x-forwarded-port": String(gateway.port),
    });
    expect(seen?.headers.forwarded).toBeUndefined();
  });

  it("sends a Socket.IO websocket upgrade to the hub, not the web", async () => {
    const client = connect(["websocket"]);
    await connected(client);
    expect(client.io.engine.transport.name).toBe("websocket");
    const reply = (await client.emitWithAck("echo", "hello")) as {
      text: string;
      headers: IncomingHttpHeaders;
    };
    expect(reply.text).toBe("hello");
    expect(reply.headers).toMatchObject({
      "x-forwarded-for": "127.0.0.1",
      "x-forwarded-proto": "https",
      "x-forwarded-host": `127.0.0.1:${gateway.port}`,
    });
    expect(seenByWeb).toEqual([]);
  });

  it("sends Socket.IO long-polling to the hub too, then upgrades", async () => {
    const client = connect(["polling", "websocket"]);
    await connected(client);
    expect(await client.emitWithAck("echo", "polled")).toMatchObject({ text: "polled" });
    await expect.poll(() => client.io.engine.transport.name).toBe("websocket");
    expect(seenByWeb).toEqual([]);
  });

  it("serves its authority's certificate for a phone to install", async () => {
    const response = await httpsGet(`${origin}${CERTIFICATE_PATH}`, { ca: certificate.authority });
    expect(response).toEqual({ status: 200, body: certificate.authority });
    expect(seenByWeb).toEqual([]);
  });

  it("answers 502 naming the web when the web is down", async () => {
    const down = await startTestGateway(certificate);
    try {
      const response = await httpsGet(`https://127.0.0.1:${down.port}/`, {
        ca: certificate.authority,
      });
      expect(response.status).toBe(502);
      expect(response.body).toMatch(/^The web is not reachable/);
    } finally {
      await down.close();
    }
  });

  it("ends open websockets when it closes", async () => {
    const extra = await startTestGateway(certificate, {
      hubUrl: `http://127.0.0.1:${(hubHttp.address() as AddressInfo).port}`,
    });
    const client = io(`https://127.0.0.1:${extra.port}`, {
      transports: ["websocket"],
      ca: certificate.authority,
      reconnection: false,
    });
    clients.push(client);
    await connected(client);
    const disconnected = disconnectReason(client);
    await extra.close();
    expect(await disconnected).toBe("transport close");
  });
});
